/**
 * The trains plugin's side of the data provider (contract/trains.ts): resource names and meta, urls and the
 * hooks every step of the flow shares (the stations, the open hold, the hold's changes). Every read and command
 * goes through Refine's hooks over the one data provider.
 */
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { ACCOUNTING_API, DEPOSIT_BALANCE_RESOURCE } from '../../contract/accounting';
import { TRAINS_API, trainPath, type HoldChange, type HoldState, type TrainStation } from '../../contract/trains';

/** The Refine resource of train bookings: /train/status and train/issue (GET → { data, total }), one booking (GET /:id). */
export const TRAIN_BOOKINGS_RESOURCE = 'train-bookings';
export const TRAIN_BOOKINGS_META = { path: TRAINS_API.bookings };

/** A read in the background of a screen: no loading overlay, no network toast (the screen shows its own state). */
export const QUIET = { overlay: false, silent: true } as const;
/** A command whose outcome the screen shows itself: no network toast. */
export const COMMAND = { silent: true } as const;

export const BALANCE_URL = ACCOUNTING_API.balance;

export const trainUrl = {
  booking: (id: number) => trainPath(TRAINS_API.booking, id),
  pay: (id: number) => trainPath(TRAINS_API.pay, id),
  refund: (id: number) => trainPath(TRAINS_API.refund, id),
  ticketsPdf: (id: number) => trainPath(TRAINS_API.ticketsPdf, id),
};

const HOLD_KEY = ['trains', 'hold'] as const;

/** The stations (reference data, read once). */
export function useStations() {
  const { query } = useCustom<TrainStation[], HttpError>({
    url: TRAINS_API.stations,
    method: 'get',
    meta: QUIET,
    queryOptions: { queryKey: ['trains', 'stations'], staleTime: Infinity },
    errorNotification: false,
  });
  const data = query.data?.data;
  return { stations: Array.isArray(data) ? data : [], query };
}

/** The caller's open hold (null when none): the seats chosen so far and the countdown. */
export function useHold() {
  const { query } = useCustom<HoldState, HttpError>({
    url: TRAINS_API.hold,
    method: 'get',
    meta: QUIET,
    queryOptions: { queryKey: HOLD_KEY, staleTime: 0, refetchOnWindowFocus: true },
    errorNotification: false,
  });
  return { hold: query.isSuccess ? (query.data?.data?.hold ?? null) : undefined, query };
}

/** Changes the hold (add or remove seats; the first seat starts it) or releases it; answers the new hold. */
export function useHoldChange() {
  const { mutateAsync, mutation } = useCustomMutation<HoldState, HttpError, HoldChange | Record<string, never>>();
  const change = (values: HoldChange) =>
    mutateAsync({ url: TRAINS_API.hold, method: 'post', values, meta: COMMAND, successNotification: false, errorNotification: false });
  const release = () =>
    mutateAsync({ url: TRAINS_API.hold, method: 'delete', values: {}, meta: COMMAND, successNotification: false, errorNotification: false });
  return { change, release, pending: mutation.isPending };
}

/** Refreshes the header balance after money moved. */
export function useRefreshBalance() {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: DEPOSIT_BALANCE_RESOURCE, invalidates: ['resourceAll'] });
}
