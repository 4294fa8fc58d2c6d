/**
 * What the user and agency lists share: the <List> view with the PageFrame look and its access-aware create
 * button, a toolbar of filters, the load error, and the server-paged table.
 */
import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { EmptyRows, listFrame, LoadError } from '../../../src/sdk';

export interface AdminListProps<T> {
  resource: string;
  title: string;
  createLabel: string;
  toolbar: ReactNode;
  tableProps: TableProps<T>;
  tableQuery: { isError: boolean; refetch: () => unknown };
  columns: ColumnsType<T>;
  scrollX: number;
  sizeChanger?: boolean;
}

export function AdminList<T extends { id: number }>({ resource, title, createLabel, toolbar, tableProps, tableQuery, columns, scrollX, sizeChanger }: AdminListProps<T>) {
  const { t } = useTranslation();
  return (
    <List resource={resource} {...listFrame(title, 'admin-page')} createButtonProps={{ icon: <PlusOutlined />, children: createLabel }}>
      <div className="admin-toolbar">{toolbar}</div>
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <Table<T>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: scrollX }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, ...(sizeChanger ? { showSizeChanger: true } : {}), showTotal: (total) => t('agents.common.total', { count: total }) }}
      />
    </List>
  );
}
