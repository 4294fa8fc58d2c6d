/**
 * /agent/config (ADMIN_F1): the agency's settings used by print-ticket and the header: name, logo, hotline,
 * address, facebook, default issue fees (domestic / international) and the hidden-issue-fee default.
 */
import { Button, Col, Form, Image, Input, Row, Space, Switch, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { AgencyConfig } from '../../../contract/agents';
import { isValidEmail, isValidPhone } from '../../../contract/validators';
import { UploadError, uploadSrc, useUpload, VndInput } from '../../../src/sdk';
import { useSingleton } from '../api';
import { SettingsFrame, blankToNull, check } from '../components/AdminForm';

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
  const { open } = useNotification();
  const [form] = Form.useForm<ConfigValues>();
  const { record: config, query, save, saving } = useSingleton<AgencyConfig>(ADMIN_API.agencyConfig);
  const { upload, uploading } = useUpload();
  const logo = Form.useWatch('logoUploadId', form) as string | null | undefined;

  const onFinish = (v: ConfigValues) =>
    save({
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
    }).catch(() => undefined);

  const beforeUpload = (file: File) => {
    upload(file, 'image')
      .then((result) => form.setFieldValue('logoUploadId', result.id))
      .catch((e: unknown) => open?.({ type: 'error', message: t(`agents.upload.${e instanceof UploadError ? e.reason : 'failed'}`) }));
    return false;
  };

  return (
    <SettingsFrame title={t('agents.config.title')} query={query} loaded={!!config}>
      {config && (
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
                  {logo && <Image src={uploadSrc(logo)} alt={t('agents.config.logo')} height={48} style={{ objectFit: 'contain' }} />}
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
            <Form.Item name="hotline" label={t('agents.agencies.hotline')} rules={check(isValidPhone, t('agents.validation.phone'))}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('agents.agencies.phone')} rules={check(isValidPhone, t('agents.validation.phone'))}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('agents.users.email')} rules={check(isValidEmail, t('agents.validation.email'))}>
              <Input type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="facebook" label={t('agents.config.facebook')} rules={check(isHttpUrl, t('agents.validation.url'))}>
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
      )}
    </SettingsFrame>
  );
}
