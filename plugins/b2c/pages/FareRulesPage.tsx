/** /b2c/fare-rules (USE_B2C): the fare-rule texts customers read on the storefront, by airline and fare family. */
import { useState } from 'react';
import { Button, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTENT_STATUSES, type ContentStatus, type FareRule } from '../../../contract/b2c';
import { AIRLINES_DOMESTIC } from '../../../contract/flights-rules';
import { EmptyRows, formatDate, listFrame, LoadError, PAGES } from '../../../src/sdk';
import { FARE_RULES_META, RESOURCES } from '../api';
import { ContentStatusTag } from '../components/ContentStatusTag';
import '../b2c.css';

type Row = Omit<FareRule, 'bodyHtml'>;

export default function FareRulesPage() {
  const { t } = useTranslation();
  const [airline, setAirline] = useState<string | undefined>();
  const [status, setStatus] = useState<ContentStatus | undefined>();
  const { data: can } = useCan({ resource: RESOURCES.fareRules, action: 'write' });
  const { tableProps, tableQuery, setFilters } = useTable<Row>({ resource: RESOURCES.fareRules, meta: FARE_RULES_META, syncWithLocation: false, pagination: { pageSize: 50 } });
  const apply = (next: { airline?: string; status?: ContentStatus }) =>
    setFilters([{ field: 'airline', operator: 'eq', value: next.airline }, { field: 'status', operator: 'eq', value: next.status }], 'replace');
  const airlineName = (code: string) => t(`system.sources.${code}`, { defaultValue: code });

  const columns: ColumnsType<Row> = [
    { title: t('b2c.fareRules.airline'), dataIndex: 'airline', key: 'airline', width: 150, render: (v: string) => <span><strong>{v}</strong> <span className="muted">{airlineName(v) !== v ? airlineName(v) : ''}</span></span> },
    // the family links to the editor: it stays on screen at phone width, where the title scrolls off
    { title: t('b2c.fareRules.fareFamily'), dataIndex: 'fareFamily', key: 'fareFamily', width: 180, render: (v: string, r) => (can?.can ? <Link to={`${PAGES.b2c.changeFareRule}?id=${r.id}`} data-testid="fare-rule-link">{v}</Link> : v) },
    { title: t('b2c.fareRules.heading'), dataIndex: 'title', key: 'title' },
    { title: t('b2c.tours.status'), dataIndex: 'status', key: 'status', width: 130, render: (v: ContentStatus) => <ContentStatusTag status={v} /> },
    { title: t('b2c.fareRules.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 130, render: (v: string) => formatDate(v) },
  ];

  return (
    <List
      resource={RESOURCES.fareRules}
      {...listFrame(
        t('b2c.fareRules.title'),
        'b2c-page',
        can?.can ? (
          <Link to={PAGES.b2c.changeFareRule}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="fare-rule-new">{t('b2c.fareRules.new')}</Button>
          </Link>
        ) : null,
      )}
    >
      <div className="b2c-filters">
        <Select<string> allowClear placeholder={t('b2c.fareRules.allAirlines')} aria-label={t('b2c.fareRules.airline')} value={airline}
          onChange={(v) => { setAirline(v); apply({ airline: v, status }); }}
          options={AIRLINES_DOMESTIC.map((c) => ({ value: c, label: `${c} · ${airlineName(c)}` }))} />
        <Select<ContentStatus> allowClear placeholder={t('b2c.tours.allStatuses')} aria-label={t('b2c.tours.status')} value={status}
          onChange={(v) => { setStatus(v); apply({ airline, status: v }); }}
          options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`b2c.contentStatus.${s}`) }))} />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<Row> {...tableProps} rowKey="id" size="middle" columns={columns} scroll={{ x: 760 }} locale={{ emptyText: <EmptyRows /> }} data-testid="b2c-fare-rules" />
    </List>
  );
}
