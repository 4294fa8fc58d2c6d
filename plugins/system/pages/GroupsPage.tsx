/** /system/group-permissions (ADMIN_F1): permission groups with their members; delete after a confirmation. */
import { App, Button, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useDelete, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from '../../../contract/agents';
import { EditLink, EmptyRows, formatDateTime, listFrame, LoadError } from '../../../src/sdk';
import { useFailed } from '../api';
import { GROUPS_META } from '../meta';

export default function GroupsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const failed = useFailed();
  const { tableProps, tableQuery } = useTable<PermissionGroup>({
    resource: 'system-groups',
    meta: GROUPS_META,
    syncWithLocation: false,
    pagination: { mode: 'off' },
    sorters: { mode: 'off' },
  });
  const { mutateAsync: remove } = useDelete();

  const confirmDelete = (group: PermissionGroup) => {
    modal.confirm({
      title: t('system.groups.deleteTitle', { name: group.name }),
      content: t('system.groups.deleteText'),
      okText: t('system.groups.delete'),
      okButtonProps: { danger: true },
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        // a group with members is refused (409): say how many instead of a toast
        const inUse = (e?: HttpError) => e?.statusCode === 409;
        await remove({
          resource: 'system-groups',
          id: group.id,
          meta: GROUPS_META,
          successNotification: () => ({ type: 'success', message: t('system.groups.deleted') }),
          errorNotification: (e) => (inUse(e) ? false : failed(e)),
        }).catch((e: HttpError) => {
          if (inUse(e)) modal.warning({ title: t('system.groups.inUseTitle'), content: t('system.groups.inUse', { count: Number((e as { data?: { members?: number } }).data?.members ?? group.members) }) });
        });
      },
    });
  };

  const columns: ColumnsType<PermissionGroup> = [
    { title: t('system.groups.name'), dataIndex: 'name', key: 'name', width: 180, sorter: (a, b) => a.name.localeCompare(b.name) },
    { title: t('system.groups.description'), dataIndex: 'description', key: 'description', width: 240, render: (v: string | null) => v ?? '—' },
    {
      title: t('system.groups.permissions'),
      dataIndex: 'permissions',
      key: 'permissions',
      width: 320,
      render: (list: string[]) => (
        <span>
          {list.slice(0, 6).map((p) => (
            <Tooltip key={p} title={t(`system.permissions.${p}`, { defaultValue: p })}>
              <Tag>{p}</Tag>
            </Tooltip>
          ))}
          {list.length > 6 && <Tag>+{list.length - 6}</Tag>}
        </span>
      ),
    },
    { title: t('system.groups.members'), dataIndex: 'members', key: 'members', width: 110, align: 'right', sorter: (a, b) => a.members - b.members },
    { title: t('system.groups.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_: unknown, group) => (
        <div className="admin-actions">
          <EditLink label={t('system.common.edit')} to={`/system/change-group-permissions?id=${group.id}`} />
          <Button size="small" danger icon={<DeleteOutlined />} title={t('system.groups.delete')} aria-label={t('system.groups.delete')} onClick={() => confirmDelete(group)} />
        </div>
      ),
    },
  ];

  return (
    <List resource="system-groups" {...listFrame(t('system.groups.title'), 'admin-page')} createButtonProps={{ icon: <PlusOutlined />, children: t('system.groups.create') }}>
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <Table<PermissionGroup>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </List>
  );
}
