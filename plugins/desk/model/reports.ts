/** Pure rules of the booking report screens: the default range, the filters as the list protocol's query. */
import type { BookingReport, ReportGroup } from '../../../contract/desk';

export interface BookingReportValues {
  range: [string, string];
  groupBy: ReportGroup;
  airline?: string;
}

/** This month so far, by agent. */
export const defaultBookingReportValues = (today: string): BookingReportValues => ({ range: [`${today.slice(0, 8)}01`, today], groupBy: 'agent' });

/** The filters as `field=value` pairs; a reversed range is put in order, an empty airline left out. */
export function bookingReportFilters(v: BookingReportValues): { field: string; operator: 'eq'; value: string | undefined }[] {
  const [from, to] = v.range[0] <= v.range[1] ? v.range : [v.range[1], v.range[0]];
  const airline = v.airline?.trim().toUpperCase() || undefined;
  return [
    { field: 'from', operator: 'eq', value: from },
    { field: 'to', operator: 'eq', value: to },
    { field: 'groupBy', operator: 'eq', value: v.groupBy },
    { field: 'airline', operator: 'eq', value: airline },
  ];
}

/** The locale prefix of a report screen. */
export const bookingReportKey = (report: BookingReport) => (report === 'customer-services' ? 'desk.customerServices' : 'desk.analyzeSales');
