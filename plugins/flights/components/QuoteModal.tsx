/** The quote modal (text to copy) and the quote image modal (the same quote as a PNG drawn on a canvas). */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Segmented, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { buildQuoteText, type QuoteItem } from '../quote';

export interface QuoteModalProps {
  open: boolean;
  items: readonly QuoteItem[];
  hiddenIssueFee: boolean;
  onClose: () => void;
  /** 'text': the text quote; 'image': the PNG. */
  mode: 'text' | 'image';
}

/** Draws the quote text as an image: a brand band with the title, then the lines. */
export function drawQuote(canvas: HTMLCanvasElement, text: string, brand = '#0c66e1'): string {
  const lines = text.split('\n');
  const scale = 2;
  const width = 720;
  const lineHeight = 24;
  const head = 64;
  const height = head + 24 + lines.length * lineHeight + 24;
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = brand;
  ctx.fillRect(0, 0, width, head);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 22px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(lines[0] ?? '', 24, head / 2);
  ctx.textBaseline = 'alphabetic';
  let y = head + 24 + 16;
  for (const line of lines.slice(1)) {
    const strong = line.startsWith('▸') || /^\S.*:\s/.test(line);
    ctx.font = `${strong ? 'bold ' : ''}15px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
    ctx.fillStyle = strong ? '#1f1f1f' : '#434343';
    ctx.fillText(line, 24, y, width - 48);
    y += lineHeight;
  }
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return '';
  }
}

export function QuoteModal({ open, items, hiddenIssueFee, onClose, mode }: QuoteModalProps) {
  const { t, i18n } = useTranslation();
  const [lng, setLng] = useState<'vi' | 'en'>(i18n.language?.startsWith('en') ? 'en' : 'vi');
  const text = useMemo(() => buildQuoteText(items, i18n.getFixedT(lng), { hiddenIssueFee }), [items, i18n, lng, hiddenIssueFee]);
  // a callback ref: the modal mounts its body after the first commit
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [png, setPng] = useState('');
  const [copied, setCopied] = useState<'' | 'ok' | 'manual'>('');

  useEffect(() => {
    if (!open || mode !== 'image' || !canvas) return;
    const brand = getComputedStyle(document.documentElement).getPropertyValue('--brand').trim() || '#0c66e1';
    setPng(drawQuote(canvas, text, brand));
  }, [open, mode, text, canvas]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('ok');
    } catch {
      setCopied('manual');
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t(mode === 'image' ? 'flights.quote.imageTitle' : 'flights.quote.title')}
      width={760}
      footer={null}
      destroyOnHidden
    >
      <div className="fl-quote" data-testid={mode === 'image' ? 'quote-image-modal' : 'quote-modal'}>
        <Segmented
          value={lng}
          onChange={(v) => setLng(v as 'vi' | 'en')}
          options={[{ value: 'vi', label: 'Tiếng Việt' }, { value: 'en', label: 'English' }]}
          aria-label={t('flights.quote.language')}
        />
        {mode === 'text' ? (
          <>
            <Input.TextArea value={text} readOnly autoSize={{ minRows: 8, maxRows: 22 }} className="fl-quote-text" aria-label={t('flights.quote.title')} data-testid="quote-text" />
            <div className="fl-quote-actions">
              <Button type="primary" icon={<CopyOutlined />} onClick={copy}>{t('flights.quote.copy')}</Button>
              {copied && (
                <Typography.Text type={copied === 'ok' ? 'success' : 'secondary'} role="status">
                  {t(copied === 'ok' ? 'flights.quote.copied' : 'flights.quote.copyManually')}
                </Typography.Text>
              )}
            </div>
          </>
        ) : (
          <>
            <canvas ref={setCanvas} className="fl-quote-canvas" aria-hidden="true" />
            {png && <img src={png} alt={t('flights.quote.imageTitle')} className="fl-quote-image" data-testid="quote-image" />}
            <Button type="primary" icon={<DownloadOutlined />} href={png || undefined} download="bao-gia-ve-may-bay.png" disabled={!png}>
              {t('flights.quote.download')}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
