/**
 * /agent/config (ADMIN_F1): the agency's settings used by print-ticket and the header: name, logo, hotline,
 * address, facebook, default issue fees (domestic / international) and the hidden-issue-fee default.
 */
import { useState } from 'react';
import { App, Button, Col, Form, Image, Input, Row, Skeleton, Space, Switch, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { AgencyConfig } from '../../../contract/agents';
import { checkUpload, isValidEmail, isValidPhone } from '../../../contract/validators';
import { isApiError } from '../../../src/sdk';
import { saveAgencyConfig, uploadImage, uploadUrl } from '../api';
import { AdminPage, LoadError } from '../components/AdminPage';
import { VndInput } from '../../../src/sdk';

interface ConfigValues {
  name: string;
  logoUploadId: string | null;
  hotline?: string;
  phone?: string;
  email?: string;
  address?: string;
  facebook?: string;
  issueFeeDomestic: number;
  issueFeeInternational: number;
  hiddenIssueFee: boolean;
}

const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export default function AgencyConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfigValues>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { query, result } = useCustom<AgencyConfig>({ url: ADMIN_API.agencyConfig, method: 'get', queryOptions: { queryKey: ['agents', 'config'] } });
  const config = query.data ? (result.data as AgencyConfig) : undefined;
  const logo = Form.useWatch('logoUploadId', form) as string | null | undefined;

  const rule = (test: (v: string) => boolean, key: string) => ({
    validator: (_r: unknown, v?: string | null) => (!v || !v.trim() || test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t(key)))),
  });

  const onFinish = async (v: ConfigValues) => {
    setSaving(true);
    try {
      await saveAgencyConfig({
        name: v.name.trim(),
        logoUploadId: v.logoUploadId ?? null,
        hotline: blankToNull(v.hotline),
        phone: blankToNull(v.phone),
        email: blankToNull(v.email),
        address: blankToNull(v.address),
        facebook: blankToNull(v.facebook),
        issueFeeDomestic: v.issueFeeDomestic ?? 0,
        issueFeeInternational: v.issueFeeInternational ?? 0,
        hiddenIssueFee: !!v.hiddenIssueFee,
      });
      message.success(t('agents.common.saved'));
      await query.refetch();
    } catch (e) {
      message.error(isApiError(e) && e.message ? e.message : t('agents.common.saveError'));
    } finally {
      setSaving(false);
    }
  };

  const beforeUpload = (file: File) => {
    const problem = checkUpload(file, 'image');
    if (problem) {
      message.error(t(`agents.upload.${problem}`));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    uploadImage(file)
      .then((id) => form.setFieldValue('logoUploadId', id))
      .catch((e: unknown) => message.error(isApiError(e) && e.message ? e.message : t('agents.upload.failed')))
      .finally(() => setUploading(false));
    return false;
  };

  const title = t('agents.config.title');
  if (query.isError) {
    return (
      <AdminPage title={title}>
        <LoadError onRetry={() => void query.refetch()} />
      </AdminPage>
    );
  }
  if (!config) {
    return (
      <AdminPage title={title}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </AdminPage>
    );
  }

  return (
    <AdminPage title={title}>
      <Form<ConfigValues>
        form={form}
        layout="vertical"
        className="admin-form"
        onFinish={onFinish}
        disabled={saving}
        initialValues={{
          ...config,
          hotline: config.hotline ?? '',
          phone: config.phone ?? '',
          email: config.email ?? '',
          address: config.address ?? '',
          facebook: config.facebook ?? '',
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('agents.config.name')} rules={[{ required: true, whitespace: true, message: t('agents.validation.required') }, { max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('agents.config.logo')} extra={t('agents.upload.rule')}>
              <Form.Item name="logoUploadId" hidden>
                <Input />
              </Form.Item>
              <Space wrap align="center">
                {logo && <Image src={uploadUrl(logo)} alt={t('agents.config.logo')} height={48} style={{ objectFit: 'contain' }} />}
                <Upload accept=".jpg,.jpeg,.png,.gif" showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {t('agents.config.upload')}
                  </Button>
                </Upload>
                {logo && (
                  <Button icon={<DeleteOutlined />} onClick={() => form.setFieldValue('logoUploadId', null)}>
                    {t('agents.config.removeLogo')}
                  </Button>
                )}
              </Space>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="hotline" label={t('agents.agencies.hotline')} rules={[rule(isValidPhone, 'agents.validation.phone')]}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('agents.agencies.phone')} rules={[rule(isValidPhone, 'agents.validation.phone')]}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('agents.users.email')} rules={[rule(isValidEmail, 'agents.validation.email')]}>
              <Input type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="facebook" label={t('agents.config.facebook')} rules={[rule(isHttpUrl, 'agents.validation.url')]}>
              <Input placeholder="https://facebook.com/..." />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('agents.agencies.address')} rules={[{ max: 300 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="issueFeeDomestic" label={t('agents.config.issueFeeDomestic')}>
              <VndInput aria-label={t('agents.config.issueFeeDomestic')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="issueFeeInternational" label={t('agents.config.issueFeeInternational')}>
              <VndInput aria-label={t('agents.config.issueFeeInternational')} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="hiddenIssueFee" label={t('agents.config.hiddenIssueFee')} valuePropName="checked" extra={t('agents.config.hiddenIssueFeeHint')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('agents.common.save')}
        </Button>
      </Form>
    </AdminPage>
  );
}
