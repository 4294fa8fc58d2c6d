/** The desk plugin's side of the data provider (contract/desk.ts): resource names, metas and urls. */
import { DESK_API } from '../../contract/desk';

export const RESOURCES = {
  support: 'support-requests',
  remind: 'booking-reminders',
  'customer-services': 'customer-services-report',
  'analyze-sales': 'analyze-sales-report',
} as const;
export const SUPPORT_META = { path: DESK_API.supportRequests };
export const REMIND_META = { path: DESK_API.reminders, tag: 'Remind' };
export const REPORT_META = {
  'customer-services': { path: DESK_API.customerServicesReport },
  'analyze-sales': { path: DESK_API.analyzeSalesReport },
} as const;

const withId = (path: string, id: number) => path.replace(':id', String(id));
export const deskUrl = {
  request: (id: number) => withId(DESK_API.supportRequest, id),
  reply: (id: number) => withId(DESK_API.supportReply, id),
  answer: (id: number) => withId(DESK_API.supportAnswer, id),
  close: (id: number) => withId(DESK_API.supportClose, id),
};

/** The notification bell's resource (its cache lies under it): refreshed after the desk's own writes. */
export const BELL_RESOURCE = 'notifications';
