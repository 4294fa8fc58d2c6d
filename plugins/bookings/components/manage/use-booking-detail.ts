/** The detail of one booking (GET …/detail): a custom read keyed under the bookings resource (api.ts bookingReadKey). */
import { useCustom, type HttpError } from '@refinedev/core';
import type { BookingDetail } from '../../../../contract/bookings';
import { QUIET, bookingReadKey, bookingUrl } from '../../api';

/** `fresh`: read again on every visit (staleTime 0) instead of the portal's short cache. */
export function useBookingDetail(bookingId: number, enabled: boolean, fresh = false) {
  return useCustom<BookingDetail, HttpError>({
    url: bookingUrl.detail(bookingId),
    method: 'get',
    meta: QUIET,
    queryOptions: { queryKey: bookingReadKey(bookingId, 'detail'), enabled, retry: false, ...(fresh ? { staleTime: 0 } : {}) },
    errorNotification: false,
  }).query;
}

