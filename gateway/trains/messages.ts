/** The trains module's error answers: a reason and a message in the caller's language saying what to do next. */
import type { Language } from '../../contract/constants';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors';
import { ApiError } from '../platform/http/errors';

const MESSAGES = {
  unknownStation: {
    vi: 'Không có ga này trong danh sách. Vui lòng chọn ga đi và ga đến từ danh sách ga.',
    en: 'This station is not on the list. Please choose the departure and arrival stations from the station list.',
  },
  sameStation: { vi: 'Ga đi và ga đến trùng nhau. Vui lòng chọn hai ga khác nhau.', en: 'The departure and arrival stations are the same. Please choose two different stations.' },
  pastDate: { vi: 'Ngày đi đã qua. Vui lòng chọn ngày từ hôm nay trở đi.', en: 'The departure date has passed. Please choose today or a later date.' },
  badDate: { vi: 'Ngày không hợp lệ. Vui lòng chọn lại ngày.', en: 'The date is not valid. Please choose the date again.' },
  returnBeforeDepart: { vi: 'Ngày về phải từ ngày đi trở đi. Vui lòng chọn lại ngày về.', en: 'The return date must not be before the departure date. Please choose the return date again.' },
  unknownTrain: { vi: 'Không tìm thấy chuyến tàu này. Vui lòng tìm lại chuyến tàu.', en: 'This train was not found. Please search for trains again.' },
  unknownSeat: { vi: 'Không có chỗ này trên toa đã chọn. Vui lòng tải lại sơ đồ chỗ.', en: 'This seat does not exist in the chosen carriage. Please reload the seat map.' },
  departed: { vi: 'Tàu đã chạy, không thể chọn chỗ. Vui lòng chọn chuyến khác.', en: 'The train has already left; its seats cannot be chosen. Please choose another train.' },
  seatTaken: {
    vi: 'Chỗ đã có người giữ hoặc đã bán. Vui lòng chọn chỗ khác; sơ đồ chỗ đã được cập nhật.',
    en: 'The seat is already held or sold. Please choose another seat; the seat map has been refreshed.',
  },
  tooManySeats: { vi: 'Mỗi lần giữ chỗ tối đa 20 chỗ. Vui lòng bỏ bớt chỗ đã chọn.', en: 'One hold can take at most 20 seats. Please remove some of the chosen seats.' },
  noHold: {
    vi: 'Bạn chưa giữ chỗ nào, hoặc thời gian giữ chỗ đã hết và các chỗ đã được trả lại. Vui lòng chọn chỗ lại.',
    en: 'You hold no seats, or the hold ran out and the seats were released. Please choose seats again.',
  },
  passengersMismatch: {
    vi: 'Mỗi chỗ đang giữ cần đúng một hành khách. Vui lòng nhập hành khách cho từng chỗ.',
    en: 'Each held seat needs exactly one passenger. Please enter one passenger per seat.',
  },
  passengers: { vi: 'Thông tin hành khách chưa đúng. Vui lòng sửa các ô được đánh dấu.', en: 'Some passenger details are not valid. Please correct the marked fields.' },
  contact: { vi: 'Thông tin liên hệ chưa đúng. Vui lòng kiểm tra họ tên, số điện thoại và email.', en: 'The contact details are not valid. Please check the name, phone and e-mail.' },
  holdExpired: {
    vi: 'Đã hết thời gian giữ chỗ, các chỗ đã được trả lại. Vui lòng chọn chỗ và đặt lại.',
    en: 'The hold has run out and the seats were released. Please choose seats and book again.',
  },
  alreadyPaid: { vi: 'Đặt chỗ này đã được thanh toán. Vui lòng tải lại trang để xem vé.', en: 'This booking is already paid. Please reload the page to see the tickets.' },
  payInProgress: { vi: 'Đang thanh toán đặt chỗ này. Vui lòng đợi giây lát rồi tải lại trang.', en: 'This booking is being paid. Please wait a moment and reload the page.' },
  notPayable: { vi: 'Đặt chỗ này không còn thanh toán được (đã hủy hoặc hết hạn).', en: 'This booking can no longer be paid (it was cancelled or has expired).' },
  notCancellable: { vi: 'Chỉ hủy được đặt chỗ chưa thanh toán. Vé đã xuất hãy dùng trả vé.', en: 'Only an unpaid booking can be cancelled. For issued tickets, use the refund.' },
  notRefundable: { vi: 'Vé đã chọn không trả được (chưa xuất, đã trả hoặc quá hạn trả vé).', en: 'The chosen tickets cannot be refunded (not issued, already refunded, or past the refund deadline).' },
  unknownTicket: { vi: 'Vé không thuộc đặt chỗ này. Vui lòng tải lại trang.', en: 'The ticket is not part of this booking. Please reload the page.' },
  notFound: { vi: 'Không tìm thấy đặt chỗ tàu này.', en: 'This train booking was not found.' },
} as const satisfies Record<string, Record<Language, string>>;

export type TrainReason = keyof typeof MESSAGES;

export function trainMessage(reason: TrainReason, lang: Language): string {
  return MESSAGES[reason][lang];
}

/** An ApiError with the reason, its localized message and extra data. */
export function trainError(code: ErrorCodeValue, reason: TrainReason, lang: Language, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(code, { reason, message: trainMessage(reason, lang), ...data });
}

export const invalid = (reason: TrainReason, lang: Language, data: Record<string, unknown> = {}) => trainError(ErrorCode.VALIDATION, reason, lang, data);
export const conflict = (reason: TrainReason, lang: Language, data: Record<string, unknown> = {}) => trainError(ErrorCode.CONFLICT, reason, lang, data);
export const notFound = (lang: Language) => trainError(ErrorCode.NOT_FOUND, 'notFound', lang);
