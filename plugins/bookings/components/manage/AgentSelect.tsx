/** The agent filter of admins: the users of the agency tree (GET /api/agents/users?q=), searched as typed. */
import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../../contract/admin-paths';
import type { AdminUser } from '../../../../contract/agents';
import { api } from '../../../../src/sdk';

async function searchUsers(q: string, signal: AbortSignal): Promise<AdminUser[]> {
  const { data } = await api.get<{ data: AdminUser[]; total: number }>(ADMIN_API.users, {
    params: { q: q || undefined, page: 1, pageSize: 20 },
    signal,
    overlay: false,
    silent: true,
  });
  return data.data;
}

export function AgentSelect({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const users = useQuery({ queryKey: ['Ticketing', 'agent-users', q], queryFn: ({ signal }) => searchUsers(q, signal), staleTime: 60_000 });
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.username} · ${u.fullName} (${u.agencyCode})` }));
  if (value !== undefined && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch
      filterOption={false}
      popupMatchSelectWidth={false}
      onSearch={setQ}
      loading={users.isFetching}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={t('bookings.search.agentAll')}
      options={options}
      notFoundContent={users.isError ? t('shell.common.loadError') : undefined}
    />
  );
}
