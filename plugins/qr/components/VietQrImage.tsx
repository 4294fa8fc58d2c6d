/** A VietQR payload drawn as a QR code (the qrcode package), with the payload kept on the element for checks. */
import { useEffect, useState } from 'react';
import { Skeleton } from 'antd';
import QRCode from 'qrcode';

export function VietQrImage({ payload, alt }: { payload: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [payload]);
  if (!src) return <Skeleton.Image active className="qr-image" />;
  return <img src={src} alt={alt} className="qr-image" data-testid="qr-image" data-payload={payload} width={320} height={320} />;
}
