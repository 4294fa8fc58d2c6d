/**
 * Commission and service fees (/system/commission-fee shows, /system/change-commission edits): the table
 * the agency sets for itself or for one of its direct sub-agencies (`?target=`).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Select, Skeleton, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ADMIN_API } from '../../../contract/admin-paths';
import { LoadError, PageFrame } from '../../../src/sdk';
import { useCommand, useFees } from '../api';
import { rowProblem, toItems, toRows, type FeeRow } from '../model/fees';
import { FeeTable } from './FeeTable';
import '../system.css';

export function FeesScreen({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const raw = new URLSearchParams(search).get('target');
  const target = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
  const { table, query } = useFees(target);
  const loaded = useMemo(() => (table ? toRows(table.items) : []), [table]);
  const [rows, setRows] = useState<FeeRow[]>([]);
  const { run, running: saving } = useCommand();
  useEffect(() => setRows(loaded), [loaded]);
  const dirty = JSON.stringify(rows) !== JSON.stringify(loaded);

  const save = () =>
    modal.confirm({
      title: t('system.fees.saveTitle'),
      content: t('system.fees.saveText', { name: table?.targets.find((x) => x.id === table.targetAgencyId)?.name ?? '' }),
      okText: t('system.common.save'),
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        if (!table) return;
        await run(ADMIN_API.fees, 'put', { targetAgencyId: table.targetAgencyId, items: toItems(rows) }, { done: 'system.common.saved' }).catch(() => undefined);
        await query.refetch();
      },
    });

  const title = t(editable ? 'system.fees.editTitle' : 'system.fees.title');
  const invalid = rows.some((r, i) => rowProblem(r, rows.slice(0, i)) !== null);

  return (
    <PageFrame
      title={title}
      className="admin-page"
      extra={
        !editable && (
          <Link to={`/system/change-commission${table ? `?target=${table.targetAgencyId}` : ''}`}>
            <Button type="primary" icon={<EditOutlined />} tabIndex={-1}>
              {t('system.fees.edit')}
            </Button>
          </Link>
        )
      }
    >
      <Alert type="info" showIcon className="form-alert" message={t('system.fees.explain')} />
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {!table && !query.isError && <Skeleton active />}
      {table && (
        <>
          <div className="admin-toolbar">
            <Select
              className="admin-search"
              value={table.targetAgencyId}
              aria-label={t('system.fees.target')}
              onChange={(id: number) => navigate(`${pathname}?target=${id}`)}
              options={table.targets.map((x) => ({
                value: x.id,
                label: x.id === table.ownerAgencyId ? `${x.code} · ${t('system.fees.ownSales')}` : `${x.code} · ${x.name}`,
              }))}
            />
          </div>
          <FeeTable rows={rows} editable={editable} onChange={setRows} />
          {editable && (
            <Space wrap style={{ marginTop: 16 }}>
              <Button type="primary" onClick={save} loading={saving} disabled={!dirty || invalid}>
                {t('system.common.save')}
              </Button>
              <Button onClick={() => setRows(loaded)} disabled={!dirty}>
                {t('system.fees.undo')}
              </Button>
              <Button onClick={() => navigate(`/system/commission-fee?target=${table.targetAgencyId}`)}>{t('system.common.back')}</Button>
            </Space>
          )}
        </>
      )}
    </PageFrame>
  );
}
