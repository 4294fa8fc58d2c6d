/**
 * The agent / sub-agency choice of the deposit screens: the agencies of the caller's report scope
 * (GET /api/accounting/reports/agencies). Shown only when there is more than the caller's own agency to choose;
 * a caller the gateway refuses the list to sees no choice (the gateway checks the scope of every read anyway).
 */
import { Select } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { REPORT_AGENCIES_API, type ReportAgency } from '../../../contract/accounting';

export function AgencyFilter({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const { result, query } = useCustom<ReportAgency[]>({ url: REPORT_AGENCIES_API, method: 'get', meta: { silent: true }, queryOptions: { retry: false } });
  const agencies = query.data && Array.isArray(result.data) ? (result.data as ReportAgency[]) : [];
  if (agencies.length < 2) return null;
  return (
    <Select<number>
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 240 }}
      placeholder={t('accounting.reports.ownAgency')}
      aria-label={t('accounting.reports.agency')}
      value={value}
      onChange={(v) => onChange(v)}
      options={agencies.map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
    />
  );
}
