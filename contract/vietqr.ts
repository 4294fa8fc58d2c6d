/**
 * VietQR (NAPAS 247 bank transfer) in the EMVCo merchant-presented QR format: one pure function builds the
 * payload a banking app scans, one reads it back. Data objects are ID (2 digits), length (2 digits) and value:
 *
 *   00 "01"                     payload format indicator
 *   01 "12" | "11"              point of initiation: 12 with an amount (this transfer), 11 without
 *   38  00 "A000000727"         NAPAS GUID
 *       01  00 <BIN, 6 digits>  the beneficiary bank
 *           01 <account no.>    the beneficiary account
 *       02 "QRIBFTTA"           inter-bank fund transfer to an account
 *   53 "704"                    VND
 *   54 <amount>                 integer VND, when given
 *   58 "VN"
 *   62  08 <message>            the purpose of the transfer: the agency's top-up reference
 *   63 <CRC>                    CRC-16/CCITT-FALSE of everything before it, "6304" included, 4 hex digits
 */

export const NAPAS_GUID = 'A000000727';
export const SERVICE_TO_ACCOUNT = 'QRIBFTTA';
export const VND_CURRENCY = '704';
/** The longest purpose message a VietQR carries (data object 62-08). */
export const MESSAGE_MAX = 25;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the UTF-8 bytes of `text`, 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One data object; its length counts characters and may not pass 99. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`bad data object id ${id}`);
  if (value.length > 99) throw new Error(`data object ${id} is longer than 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Text as the banks carry it: Vietnamese letters without their marks, đ as d, only letters, digits and spaces. */
export function bankText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface VietQrInput {
  /** The beneficiary bank's NAPAS BIN, 6 digits (970436 Vietcombank, 970415 VietinBank...). */
  bin: string;
  /** The beneficiary account number: digits and letters, at most 19. */
  accountNo: string;
  /** Integer VND; none for a QR where the payer types the amount. */
  amount?: number;
  /** The purpose of the transfer (the top-up reference), at most 25 characters once marks are removed. */
  message?: string;
}

/** The VietQR payload of a transfer, CRC included. Throws on input that no bank would accept. */
export function vietQrPayload(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bin)) throw new Error('the BIN is 6 digits');
  if (!/^[A-Za-z0-9]{1,19}$/.test(input.accountNo)) throw new Error('the account number is 1 to 19 letters or digits');
  if (input.amount !== undefined && (!Number.isInteger(input.amount) || input.amount <= 0 || String(input.amount).length > 13)) {
    throw new Error('the amount is a positive integer of at most 13 digits');
  }
  const message = input.message === undefined ? '' : bankText(input.message);
  if (message.length > MESSAGE_MAX) throw new Error(`the message is at most ${MESSAGE_MAX} characters`);
  const beneficiary = tlv('00', input.bin) + tlv('01', input.accountNo);
  const merchant = tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + tlv('02', SERVICE_TO_ACCOUNT);
  const body =
    tlv('00', '01') +
    tlv('01', input.amount === undefined ? '11' : '12') +
    tlv('38', merchant) +
    tlv('53', VND_CURRENCY) +
    (input.amount === undefined ? '' : tlv('54', String(input.amount))) +
    tlv('58', 'VN') +
    (message ? tlv('62', tlv('08', message)) : '') +
    '6304';
  return body + crc16(body);
}

/** The data objects of an EMVCo payload, in order (nested templates are left as their value). */
export function readTlv(payload: string): { id: string; value: string }[] {
  const out: { id: string; value: string }[] = [];
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(i + 2, i + 4)) || i + 4 + len > payload.length) throw new Error(`malformed data object at ${i}`);
    out.push({ id, value: payload.slice(i + 4, i + 4 + len) });
    i += 4 + len;
  }
  return out;
}

/** Whether the payload's CRC (the last data object, 63) matches its content. */
export function crcValid(payload: string): boolean {
  return payload.length > 8 && payload.slice(-8, -4) === '6304' && crc16(payload.slice(0, -4)) === payload.slice(-4);
}

/** What a banking app reads from a VietQR payload; null when it is not a valid VietQR transfer. */
export function readVietQr(payload: string): { bin: string; accountNo: string; amount: number | null; message: string | null } | null {
  if (!crcValid(payload)) return null;
  try {
    const top = new Map(readTlv(payload).map((o) => [o.id, o.value]));
    const merchant = new Map(readTlv(top.get('38') ?? '').map((o) => [o.id, o.value]));
    if (merchant.get('00') !== NAPAS_GUID || top.get('53') !== VND_CURRENCY || top.get('58') !== 'VN') return null;
    const beneficiary = new Map(readTlv(merchant.get('01') ?? '').map((o) => [o.id, o.value]));
    const extra = new Map(readTlv(top.get('62') ?? '').map((o) => [o.id, o.value]));
    const bin = beneficiary.get('00');
    const accountNo = beneficiary.get('01');
    if (!bin || !accountNo) return null;
    const amount = top.get('54');
    return { bin, accountNo, amount: amount === undefined ? null : Number(amount), message: extra.get('08') ?? null };
  } catch {
    return null;
  }
}
