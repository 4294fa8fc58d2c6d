/** The agent filter of admins: the users of the agency tree (GET /api/agents/users?q=), searched as typed. */
import { useState } from 'react';
import { Select } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contract/agents';
import { AGENT_USERS_META, AGENT_USERS_RESOURCE } from '../../api';

export function AgentSelect({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const { query } = useList<AdminUser>({
    resource: AGENT_USERS_RESOURCE,
    meta: AGENT_USERS_META,
    filters: [{ field: 'q', operator: 'eq', value: q || undefined }],
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    queryOptions: { staleTime: 60_000 },
    errorNotification: false,
  });
  const options = (query.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.username} · ${u.fullName} (${u.agencyCode})` }));
  if (value !== undefined && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch
      filterOption={false}
      popupMatchSelectWidth={false}
      onSearch={setQ}
      loading={query.isFetching}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={t('bookings.search.agentAll')}
      options={options}
      notFoundContent={query.isError ? t('shell.common.loadError') : undefined}
    />
  );
}
