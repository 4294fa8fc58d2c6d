/**
 * /system/signIn-config (ADMIN_F1): the agency's sign-ins per source in display order (the sortSystemGDS
 * order, mirrored to browser storage), passwords masked; move up / down, switch on / off, delete.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useDelete, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SignIn } from '../../../contract/admin-system';
import { EditLink, EmptyRows, listFrame, LoadError } from '../../../src/sdk';
import { SIGNINS, useFailed, useSignIns } from '../api';
import { SORT_SYSTEM_GDS_KEY, move, orderChanges, sortSystemGDS } from '../model/sign-in-order';

export default function SignInsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const failed = useFailed();
  const { list, query } = useSignIns();
  const { mutateAsync: update } = useUpdate<SignIn>();
  const { mutateAsync: remove } = useDelete();
  const [rows, setRows] = useState<SignIn[]>([]);
  const [busy, setBusy] = useState(false);
  const inherited = list?.inherited ?? false;

  useEffect(() => {
    if (!list) return;
    const sorted = [...list.rows].sort((a, b) => a.sortOrder - b.sortOrder);
    setRows(sorted);
    if (!list.inherited) localStorage.setItem(SORT_SYSTEM_GDS_KEY, JSON.stringify(sortSystemGDS(sorted)));
  }, [list]);

  /** A silent PUT of some fields (the table shows the result; a failure gets a toast). */
  const patch = (id: number, values: Partial<SignIn>) => update({ ...SIGNINS, id, values, successNotification: false, errorNotification: failed });

  const reorder = async (index: number, delta: -1 | 1) => {
    const next = move(rows, index, delta);
    const changes = orderChanges(next);
    if (changes.length === 0) return;
    setRows(next.map((s, i) => ({ ...s, sortOrder: i + 1 })));
    setBusy(true);
    try {
      for (const c of changes) await patch(c.id, { sortOrder: c.sortOrder });
    } catch {
      // told by the error notification
    }
    await query.refetch();
    setBusy(false);
  };

  const toggle = async (s: SignIn, active: boolean) => {
    setBusy(true);
    await patch(s.id, { active })
      .then(() => query.refetch())
      .catch(() => undefined);
    setBusy(false);
  };

  const confirmDelete = (s: SignIn) =>
    modal.confirm({
      title: t('system.signins.deleteTitle', { source: s.source, office: s.officeCode }),
      content: t('system.signins.deleteText'),
      okText: t('system.signins.delete'),
      okButtonProps: { danger: true },
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        await remove({ ...SIGNINS, id: s.id, successNotification: () => ({ type: 'success', message: t('system.signins.deleted') }), errorNotification: failed })
          .then(() => query.refetch())
          .catch(() => undefined);
      },
    });

  const columns: ColumnsType<SignIn> = [
    {
      title: t('system.signins.order'),
      key: 'order',
      width: 110,
      render: (_: unknown, s, index) => (
        <div className="admin-actions">
          <Button size="small" icon={<ArrowUpOutlined />} disabled={inherited || busy || index === 0} aria-label={t('system.signins.up', { source: s.source })} title={t('system.signins.moveUp')} onClick={() => void reorder(index, -1)} />
          <Button size="small" icon={<ArrowDownOutlined />} disabled={inherited || busy || index === rows.length - 1} aria-label={t('system.signins.down', { source: s.source })} title={t('system.signins.moveDown')} onClick={() => void reorder(index, 1)} />
        </div>
      ),
    },
    { title: t('system.signins.source'), dataIndex: 'source', key: 'source', width: 90, render: (v: string) => <Tag color="blue">{v}</Tag> },
    { title: t('system.signins.officeCode'), dataIndex: 'officeCode', key: 'officeCode', width: 140 },
    { title: t('system.signins.username'), dataIndex: 'username', key: 'username', width: 150 },
    { title: t('system.signins.password'), dataIndex: 'passwordMask', key: 'passwordMask', width: 110 },
    {
      title: t('system.signins.active'),
      dataIndex: 'active',
      key: 'active',
      width: 90,
      render: (active: boolean, s) => <Switch size="small" checked={active} disabled={inherited || busy} aria-label={t('system.signins.active')} onChange={(v) => void toggle(s, v)} />,
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, s) =>
        inherited ? null : (
          <div className="admin-actions">
            <EditLink label={t('system.common.edit')} to={`/system/change-signIn?id=${s.id}`} />
            <Button size="small" danger icon={<DeleteOutlined />} title={t('system.signins.delete')} aria-label={t('system.signins.delete')} onClick={() => confirmDelete(s)} />
          </div>
        ),
    },
  ];

  return (
    <List
      resource={SIGNINS.resource}
      {...listFrame(
        t('system.signins.title'),
        'admin-page',
        <Link to="/system/change-signIn">
          <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
            {t('system.signins.create')}
          </Button>
        </Link>,
      )}
    >
      {inherited && <Alert type="info" showIcon className="form-alert" message={t('system.signins.inherited')} />}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      <Table<SignIn>
        rowKey="id"
        size="middle"
        loading={query.isLoading || busy}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: <EmptyRows /> }}
      />
    </List>
  );
}
