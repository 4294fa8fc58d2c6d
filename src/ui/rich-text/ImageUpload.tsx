/**
 * An image picker that uploads at once (POST /api/uploads) after the spec point 5 checks on the client
 * (5 MB, jpg/jpeg/png/gif); the gateway checks the content too. The form value is the upload id.
 */
import './rich-text.css';
import { useRef, useState } from 'react';
import { Alert, Button, Image, Space } from 'antd';
import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS } from '../../../contract/validators';
import { UploadError, uploadSrc, useUpload } from '../upload';

export interface ImageUploadProps {
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** Accessible name of the picker button. */
  label?: string;
  id?: string;
  /** Allow removing the image (a cover is optional, a banner image is not). */
  removable?: boolean;
}

export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

export function ImageUpload({ value, onChange, label, id, removable = true }: ImageUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading: busy } = useUpload();
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const result = await upload(file, 'image');
      onChange?.(result.id);
    } catch (e) {
      const reason = e instanceof UploadError ? e.reason : 'failed';
      setError(t(`news.upload.errors.${reason}`, { name: file.name }));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="image-upload">
      {value && (
        <Image src={uploadSrc(value)} alt="" className="image-upload-preview" width={240} />
      )}
      <Space wrap>
        <Button
          id={id}
          icon={busy ? <LoadingOutlined /> : <UploadOutlined />}
          onClick={() => input.current?.click()}
          disabled={busy}
          // the name starts with the words shown on the button (WCAG 2.5.3), then says which image it is
          aria-label={label ? `${value ? t('news.upload.replace') : t('news.upload.choose')}: ${label}` : undefined}
        >
          {value ? t('news.upload.replace') : t('news.upload.choose')}
        </Button>
        {value && removable && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={busy}>
            {t('news.upload.remove')}
          </Button>
        )}
      </Space>
      <div className="muted image-upload-hint">{t('news.upload.hint')}</div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        data-testid="image-upload-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {error && <Alert type="error" showIcon message={error} role="alert" className="image-upload-error" />}
    </div>
  );
}
