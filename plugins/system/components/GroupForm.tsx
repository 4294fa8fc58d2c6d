/**
 * Create or edit a permission group (/system/change-group-permissions, `?id=` edits): name, description and
 * the permission strings grouped by area, each with its meaning; strings the administrator does not hold
 * cannot be added (the gateway refuses them too).
 */
import { useMemo } from 'react';
import { Card, Checkbox, Col, Form, Input, Row, Space, Tooltip } from 'antd';
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PermissionGroup } from '../../../contract/agents';
import { useFailed, usePermissionOptions } from '../api';
import { GROUPS_META } from '../meta';
import { groupByArea, isPermissionLocked } from '../model/permission-areas';
import { FormButtons, SystemForm, useEditId } from './SystemForm';

interface GroupValues {
  name: string;
  description?: string | null;
  permissions: string[];
}

export function GroupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failed = useFailed();
  const id = useEditId();
  const { options, query: optionsQuery } = usePermissionOptions();
  const { formProps, query, formLoading } = useForm<PermissionGroup, HttpError, GroupValues>({
    resource: 'system-groups',
    action: id ? 'edit' : 'create',
    id: id ?? undefined,
    meta: GROUPS_META,
    redirect: false,
    successNotification: () => ({ type: 'success', message: t(id ? 'system.common.saved' : 'system.groups.created') }),
    errorNotification: failed,
    onMutationSuccess: () => navigate('/system/group-permissions'),
  });
  const record = id ? query?.data?.data : undefined;
  const initial = useMemo(() => record?.permissions ?? [], [record]);
  const grantable = useMemo(() => new Map((options?.permissions ?? []).map((p) => [p.value, p.grantable])), [options]);
  const areas = useMemo(() => groupByArea((options?.permissions ?? []).map((p) => p.value)), [options]);

  const onFinish = (v: GroupValues) =>
    formProps.onFinish?.({ name: v.name.trim(), description: v.description?.trim() ? v.description.trim() : null, permissions: v.permissions ?? [] });

  return (
    <SystemForm
      title={t(id ? 'system.groups.editTitle' : 'system.groups.createTitle')}
      failed={(!!id && !!query?.isError) || optionsQuery.isError}
      loading={(!!id && !record) || !options}
      onRetry={() => void (optionsQuery.isError ? optionsQuery.refetch() : query?.refetch())}
    >
      <Form<GroupValues>
        {...formProps}
        layout="vertical"
        className="admin-form"
        onFinish={onFinish}
        initialValues={record ? { name: record.name, description: record.description ?? '', permissions: record.permissions } : { permissions: [] }}
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="name" label={t('system.groups.name')} rules={[{ required: true, whitespace: true, message: t('system.validation.required') }, { max: 100 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="description" label={t('system.groups.description')} rules={[{ max: 500 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="permissions" label={t('system.groups.permissions')} extra={t('system.groups.grantHint')}>
          <Checkbox.Group style={{ width: '100%', display: 'block' }}>
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              {areas.map((area) => (
                <Card key={area.key} size="small" title={t(`system.areas.${area.key}`)}>
                  <div className="admin-perm-grid">
                    {area.strings.map((value) => {
                      const locked = isPermissionLocked(value, grantable.get(value) ?? false, initial);
                      const box = (
                        <Checkbox key={value} value={value} disabled={locked} data-testid={`perm-${value}`}>
                          <span className="admin-perm-item">
                            <span>{t(`system.permissions.${value}`)}</span>
                            <span className="admin-perm-code">{value}</span>
                          </span>
                        </Checkbox>
                      );
                      return locked ? (
                        <Tooltip key={value} title={t('system.groups.notGrantable')}>
                          <span>{box}</span>
                        </Tooltip>
                      ) : (
                        box
                      );
                    })}
                  </div>
                </Card>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        <FormButtons saving={formLoading} listPath="/system/group-permissions" />
      </Form>
    </SystemForm>
  );
}
