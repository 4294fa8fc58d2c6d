/**
 * Files attached to a support message: each is uploaded at once (POST /api/uploads as a file, under the upload
 * rules of spec point 5, checked on the client and by content on the gateway); the value is the list of uploads.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '../../../contract/content';
import { SUPPORT_MAX_ATTACHMENTS } from '../../../contract/desk';
import { FILE_EXTENSIONS } from '../../../contract/validators';
import { UploadError, useUpload } from '../../../src/sdk';

const ACCEPT = FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

export function AttachmentPicker({ value = [], onChange, id }: { value?: UploadResult[]; onChange?: (v: UploadResult[]) => void; id?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useUpload();
  const [error, setError] = useState<string | null>(null);
  const full = value.length >= SUPPORT_MAX_ATTACHMENTS;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      if (full) throw new Error(t('desk.support.tooManyFiles'));
      const result = await upload(file, 'file');
      onChange?.([...value, result]);
    } catch (e) {
      if (e instanceof UploadError) setError(t(`desk.support.uploadErrors.${e.reason}`, { name: file.name }));
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="desk-attachments">
      <Space wrap size={[6, 6]}>
        {value.map((f) => (
          <Tag
            key={f.id}
            closable
            onClose={() => onChange?.(value.filter((v) => v.id !== f.id))}
            closeIcon={<span aria-label={t('desk.support.removeAttachment', { name: f.fileName })}>×</span>}
            icon={<PaperClipOutlined />}
            className="desk-attachment-tag"
          >
            {f.fileName}
          </Tag>
        ))}
        <Button id={id} size="small" icon={uploading ? <LoadingOutlined /> : <PaperClipOutlined />} disabled={uploading || full} onClick={() => input.current?.click()}>
          {t('desk.support.attach')}
        </Button>
      </Space>
      <div className="muted desk-hint">{t('desk.support.attachHint')}</div>
      <input ref={input} type="file" accept={ACCEPT} hidden data-testid="support-attach-input" onChange={(e) => void pick(e.target.files?.[0])} />
      {error && <Alert type="error" showIcon role="alert" message={error} className="desk-alert" />}
    </div>
  );
}
