/**
 * What the user and agency forms share: `?id=` edits (else creates) through Refine's useForm, the PageFrame
 * with the loading and load-error states, half-width and contact fields, the state tag with its toggle, Save
 * and Back.
 */
import type { ReactNode } from 'react';
import { App, Button, Col, Form, Input, Skeleton, Space, Tag, type FormProps, type FormRule, type InputProps } from 'antd';
import { useForm } from '@refinedev/antd';
import type { BaseRecord, HttpError, UpdateResponse, CreateResponse } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isValidEmail, isValidPhone } from '../../../contract/validators';
import { LoadError, PageFrame } from '../../../src/sdk';
import { useFailed } from '../api';
import { editId } from '../model/grants';

export const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

/** Rules of an optional (or, with `required`, mandatory) text checked by a shared validator. */
export function check(test: (v: string) => boolean, message: string, required = false): FormRule[] {
  return [
    ...(required ? [{ required: true, whitespace: true, message }] : []),
    { validator: (_r, v: string | undefined | null) => (!v || !v.trim() || test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(message))) },
  ];
}

export interface AdminFormOptions<T> {
  resource: string;
  meta: Record<string, unknown>;
  listPath: string;
  /** The locale key of the toast after a create. */
  createdKey: string;
  /** After a create: what to show in a dialog instead of a toast (e.g. a temporary password), or null. */
  createdAnswer?: (data: T) => ReactNode | null;
}

export function useAdminForm<T extends BaseRecord, V extends object>({ resource, meta, listPath, createdKey, createdAnswer }: AdminFormOptions<T>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const failed = useFailed();
  const id = editId(useLocation().search);
  const back = () => navigate(listPath);
  const answer = (data: CreateResponse<T> | UpdateResponse<T>) => (id ? null : (createdAnswer?.(data.data) ?? null));
  const form = useForm<T, HttpError, V>({
    resource,
    action: id ? 'edit' : 'create',
    id: id ?? undefined,
    meta,
    redirect: false,
    successNotification: (data) => (data && answer(data) ? false : { type: 'success', message: t(id ? 'agents.common.saved' : createdKey) }),
    errorNotification: failed,
    onMutationSuccess: (data) => {
      const content = answer(data);
      if (content) modal.success({ title: t(createdKey), content, onOk: back });
      else back();
    },
  });
  const record = id ? (form.query?.data?.data as T | undefined) : undefined;
  return { ...form, id, record, back };
}

export interface AdminFormProps<V> {
  title: string;
  /** Still loading what the form needs, or failed to (then `onRetry`). */
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  formProps: FormProps<V>;
  saving: boolean;
  onBack: () => void;
  children: ReactNode;
}

export function AdminForm<V extends object>({ title, loading, failed, onRetry, formProps, saving, onBack, children }: AdminFormProps<V>) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title} className="admin-page">
      <Loaded failed={failed} loading={loading} onRetry={onRetry}>
        <Form<V> {...formProps} layout="vertical" className="admin-form">
          {children}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('agents.common.save')}
            </Button>
            <Button onClick={onBack}>{t('agents.common.back')}</Button>
          </Space>
        </Form>
      </Loaded>
    </PageFrame>
  );
}

/** The load error, else a skeleton while loading, else the content. */
export function Loaded({ failed, loading, onRetry, children }: { failed: boolean; loading: boolean; onRetry: () => void; children: ReactNode }) {
  if (failed) return <LoadError onRetry={onRetry} />;
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <>{children}</>;
}

/** A settings screen of one record behind a fixed path (agency settings, own profile). */
export function SettingsFrame({ title, query, loaded, children }: { title: string; query: { isError: boolean; refetch: () => unknown }; loaded: boolean; children: ReactNode }) {
  return (
    <PageFrame title={title} className="admin-page">
      <Loaded failed={query.isError} loading={!loaded} onRetry={() => void query.refetch()}>
        {children}
      </Loaded>
    </PageFrame>
  );
}

/** The record's state as a tag, with the button that changes it (lock / unlock, suspend / activate). */
export function StateToggle({ label, tag, color, action, danger, onClick, testId }: { label: string; tag: string; color: string; action: string; danger: boolean; onClick: () => void; testId?: string }) {
  return (
    <Form.Item label={label}>
      <Space wrap>
        <Tag color={color} data-testid={testId}>
          {tag}
        </Tag>
        <Button size="small" danger={danger} onClick={onClick}>
          {action}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** A half-width text field (full width on phones). */
export function HalfField({ name, label, rules, input }: { name: string; label: string; rules?: FormRule[]; input?: InputProps }) {
  return (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} rules={rules}>
        <Input autoComplete="off" {...input} />
      </Form.Item>
    </Col>
  );
}

/** E-mail and phone, each optional and checked by the shared validators. */
export function ContactFields({ phoneLabel }: { phoneLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <HalfField name="email" label={t('agents.users.email')} rules={check(isValidEmail, t('agents.validation.email'))} input={{ type: 'email' }} />
      <HalfField name="phone" label={phoneLabel} rules={check(isValidPhone, t('agents.validation.phone'))} input={{ inputMode: 'tel' }} />
    </>
  );
}
