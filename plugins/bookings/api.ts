/** The calls of the bookings plugin: hold a booking, read it (contract/bookings.ts). */
import { BOOKINGS_API, type CompletedBooking, type CreateBookingRequest } from '../../contract/bookings';
import { api } from '../../src/api/client';

export async function createBooking(body: CreateBookingRequest): Promise<number> {
  const { data } = await api.post<{ id: number }>(BOOKINGS_API.create, body, { silent: true });
  return data.id;
}

export async function fetchBooking(id: number, signal?: AbortSignal): Promise<CompletedBooking> {
  const { data } = await api.get<CompletedBooking>(BOOKINGS_API.one.replace(':id', String(id)), { signal, overlay: false, silent: true });
  return data;
}
