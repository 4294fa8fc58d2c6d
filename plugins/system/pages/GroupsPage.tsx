/** /system/group-permissions (ADMIN_F1): permission groups with their members; delete after a confirmation. */
import { App, Button, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDelete } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PermissionGroup } from '../../../contract/agents';
import { isApiError } from '../../../src/sdk';
import { formatDateTime } from '../../../src/sdk';
import { GROUPS_META } from '../meta';
import { EmptyRows, LoadError, SystemPage } from '../components/SystemPage';

export default function GroupsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
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
        try {
          await remove({ resource: 'system-groups', id: group.id, meta: GROUPS_META, successNotification: false, errorNotification: false });
          message.success(t('system.groups.deleted'));
        } catch (e) {
          if (isApiError(e) && e.status === 409) {
            const members = Number(e.data?.members ?? group.members);
            modal.warning({ title: t('system.groups.inUseTitle'), content: t('system.groups.inUse', { count: members }) });
          } else {
            message.error(isApiError(e) && e.message ? e.message : t('system.common.saveError'));
          }
        }
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
          <Link to={`/system/change-group-permissions?id=${group.id}`} aria-label={t('system.common.edit')}>
            <Button size="small" icon={<EditOutlined />} title={t('system.common.edit')} tabIndex={-1} />
          </Link>
          <Button size="small" danger icon={<DeleteOutlined />} title={t('system.groups.delete')} aria-label={t('system.groups.delete')} onClick={() => confirmDelete(group)} />
        </div>
      ),
    },
  ];

  return (
    <SystemPage
      title={t('system.groups.title')}
      extra={
        <Link to="/system/change-group-permissions">
          <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
            {t('system.groups.create')}
          </Button>
        </Link>
      }
    >
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
    </SystemPage>
  );
}
