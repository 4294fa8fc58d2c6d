/** A ticket's QR code (the text the gateway gives), drawn in the browser as an image. */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';

export function TicketQr({ text, size = 144 }: { text: string; size?: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 2, width: size, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <img className="train-qr" src={src} width={size} height={size} alt={t('trains.tickets.qrAlt')} data-testid="ticket-qr" data-qr={text} /> : <span className="train-qr train-qr-empty" style={{ width: size, height: size }} />;
}
