/** The QR code of an eSIM's LPA activation code, as a PNG (what a phone's camera or eSIM settings scan). */
import QRCode from 'qrcode';

export function activationQrPng(activationCode: string, width = 360): Promise<Buffer> {
  return QRCode.toBuffer(activationCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width });
}
