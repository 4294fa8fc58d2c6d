/**
 * The error catalogue of the API. Every error answer is `{ code, message, data? }`, the message in the
 * caller's X-Language. Codes 18 and 120 are fixed by spec point 8; the others are ours.
 */
import type { Language } from './constants';

export const ErrorCode = {
  /** 401: the access token has expired: refresh once and repeat. */
  TOKEN_EXPIRED: 18,
  /** 401: no token, a malformed or revoked token, or a locked user. */
  UNAUTHENTICATED: 19,
  /** 401: the refresh token is unknown, expired or does not belong to the access token. */
  REFRESH_INVALID: 20,
  /** 401: a refresh token was used twice: the whole token family is revoked. */
  REFRESH_REUSED: 21,
  /** 403: the caller lacks the permission of the endpoint. */
  FORBIDDEN: 30,
  /** 403: the operation needs the PIN code; data.salt carries the salt. */
  PIN_REQUIRED: 120,
  /** 403: the PIN code given is wrong. */
  PIN_INVALID: 121,
  /** 400: the body is not an envelope `{ data }` or cannot be decrypted. */
  BAD_ENVELOPE: 40,
  /** 400: the body or query fails its schema. */
  VALIDATION: 41,
  /** 400: the tsp header is missing, unreadable or outside ±5 minutes of the server clock. */
  TIME_SKEW: 42,
  /** 404 */
  NOT_FOUND: 44,
  /** 409: an idempotency key was reused with another body, or a write conflicts. */
  CONFLICT: 49,
  /** 401 on login: wrong user name or password. */
  INVALID_CREDENTIALS: 50,
  /** 400 on login: the captcha is wrong, used or expired. */
  CAPTCHA_INVALID: 51,
  /** 429: too many failed logins: wait data.retryAfterSeconds. */
  LOGIN_THROTTLED: 52,
  /** 423: too many failed logins: locked until data.lockedUntil. */
  LOGIN_LOCKED: 53,
  /** 423: the account was locked by an administrator. */
  ACCOUNT_LOCKED: 54,
  /** 403 on login: the password must be changed first (/change-password). */
  PASSWORD_CHANGE_REQUIRED: 55,
  /** 400: the reset code is wrong or expired. */
  RESET_CODE_INVALID: 56,
  /** 400: the new password breaks the password rule of spec point 5. */
  PASSWORD_RULE: 57,
  /** 429: too many requests of this kind. */
  RATE_LIMITED: 58,
  /** 400: a permission grant exceeds what the granting administrator holds (data.permissions lists them). */
  GRANT_EXCEEDS: 60,
  /** 400: an upload is refused (data.reason: tooLarge, badExtension, empty, badContent). */
  UPLOAD_REFUSED: 61,
  /** 409: the deposit (balance + credit limit) does not cover the debit; data.available says how much it does. */
  INSUFFICIENT_DEPOSIT: 70,
  /** 502: the airline or GDS refused or did not answer a booking call; nothing was changed (data.message: the supplier's message). */
  SUPPLIER_FAILED: 80,
  /** 500 */
  INTERNAL: 99,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<ErrorCodeValue, number> = {
  18: 401,
  19: 401,
  20: 401,
  21: 401,
  30: 403,
  120: 403,
  121: 403,
  40: 400,
  41: 400,
  42: 400,
  44: 404,
  49: 409,
  50: 401,
  51: 400,
  52: 429,
  53: 423,
  54: 423,
  55: 403,
  56: 400,
  57: 400,
  58: 429,
  60: 400,
  61: 400,
  70: 409,
  80: 502,
  99: 500,
};

export const errorMessages: Record<ErrorCodeValue, Record<Language, string>> = {
  18: { vi: 'Phiên đăng nhập đã hết hạn.', en: 'Your session has expired.' },
  19: { vi: 'Bạn cần đăng nhập để tiếp tục.', en: 'Please sign in to continue.' },
  20: { vi: 'Phiên đăng nhập không hợp lệ, vui lòng đăng nhập lại.', en: 'Your session is no longer valid, please sign in again.' },
  21: { vi: 'Phiên đăng nhập đã bị thu hồi vì lý do bảo mật, vui lòng đăng nhập lại.', en: 'Your session was revoked for security reasons, please sign in again.' },
  30: { vi: 'Bạn không có quyền thực hiện thao tác này.', en: 'You do not have permission to do this.' },
  120: { vi: 'Vui lòng nhập mã PIN để xác nhận.', en: 'Please enter your PIN code to confirm.' },
  121: { vi: 'Mã PIN không đúng.', en: 'The PIN code is wrong.' },
  40: { vi: 'Dữ liệu gửi lên không đúng định dạng mã hoá.', en: 'The request body is not a valid encrypted envelope.' },
  41: { vi: 'Dữ liệu không hợp lệ.', en: 'The data is not valid.' },
  42: { vi: 'Đồng hồ máy tính của bạn lệch quá 5 phút so với máy chủ. Vui lòng chỉnh lại giờ hệ thống.', en: "Your computer's clock is more than 5 minutes off the server's. Please set the system time." },
  44: { vi: 'Không tìm thấy dữ liệu.', en: 'Not found.' },
  49: { vi: 'Yêu cầu xung đột với một yêu cầu trước đó.', en: 'The request conflicts with an earlier one.' },
  50: { vi: 'Tên đăng nhập hoặc mật khẩu không đúng.', en: 'Wrong user name or password.' },
  51: { vi: 'Mã xác nhận không đúng hoặc đã hết hạn.', en: 'The captcha is wrong or has expired.' },
  52: { vi: 'Đăng nhập sai nhiều lần. Vui lòng thử lại sau ít phút.', en: 'Too many failed sign-ins. Please try again in a few minutes.' },
  53: { vi: 'Tài khoản tạm khoá do đăng nhập sai quá nhiều lần.', en: 'The account is temporarily locked after too many failed sign-ins.' },
  54: { vi: 'Tài khoản đã bị khoá. Vui lòng liên hệ quản trị viên.', en: 'The account is locked. Please contact your administrator.' },
  55: { vi: 'Bạn cần đổi mật khẩu trước khi đăng nhập.', en: 'You must change your password before signing in.' },
  56: { vi: 'Mã xác minh không đúng hoặc đã hết hạn.', en: 'The verification code is wrong or has expired.' },
  57: { vi: 'Mật khẩu phải có ít nhất 8 ký tự, gồm chữ hoa, chữ số và một ký tự !@#$%^&*.', en: 'The password needs at least 8 characters with an uppercase letter, a digit and one of !@#$%^&*.' },
  58: { vi: 'Quá nhiều yêu cầu. Vui lòng thử lại sau.', en: 'Too many requests. Please try again later.' },
  60: { vi: 'Bạn không thể cấp quyền mà chính bạn không có.', en: 'You cannot grant a permission you do not hold yourself.' },
  61: { vi: 'Tệp tải lên không hợp lệ (tối đa 5 MB, đúng định dạng cho phép).', en: 'The upload is refused (at most 5 MB, of an allowed type).' },
  70: { vi: 'Số dư ký quỹ không đủ cho giao dịch này.', en: 'The deposit balance does not cover this amount.' },
  80: { vi: 'Hệ thống của hãng không thực hiện được yêu cầu; không có thay đổi nào. Vui lòng thử lại sau.', en: 'The airline system could not complete the request; nothing was changed. Please try again later.' },
  99: { vi: 'Lỗi hệ thống. Vui lòng thử lại sau.', en: 'Server error. Please try again later.' },
};

export interface ApiErrorBody {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

export function errorMessage(code: ErrorCodeValue, lang: Language): string {
  return errorMessages[code][lang];
}
