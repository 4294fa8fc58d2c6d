/**
 * The desk plugin: support requests to the provider about a booking (/booking/support-request: list, thread,
 * attachments, the provider's answers) and the time-limit reminders (/booking/remind: holds near their time
 * limit and waitlisted segments, filters, xlsx export). Both routes are open (spec point 2); the gateway's
 * booking scope decides what each user sees.
 */
import { BarChartOutlined, BellOutlined, CustomerServiceOutlined, LineChartOutlined } from '@ant-design/icons';
import { definePlugin, icon, page, PAGES } from '../../src/sdk';
import { REMIND_META, REPORT_META, RESOURCES, SUPPORT_META } from './api';

export const deskPlugin = definePlugin({
  name: 'desk',
  resources: [
    { name: RESOURCES.support, list: PAGES.desk.supportRequest, meta: { label: 'desk.menu.support', icon: icon(CustomerServiceOutlined), parent: 'bookings-group', order: 19, ...SUPPORT_META } },
    { name: RESOURCES.remind, list: PAGES.desk.remind, meta: { label: 'desk.menu.remind', icon: icon(BellOutlined), parent: 'bookings-group', order: 18, ...REMIND_META } },
    // the booking reports (open routes; the gateway's booking scope decides what they count)
    { name: RESOURCES['customer-services'], list: PAGES.desk.customerServicesReport, meta: { label: 'desk.menu.customerServices', icon: icon(LineChartOutlined), parent: 'bookings-group', order: 19.5, ...REPORT_META['customer-services'] } },
    { name: RESOURCES['analyze-sales'], list: PAGES.desk.analyzeSalesReport, meta: { label: 'desk.menu.analyzeSales', icon: icon(BarChartOutlined), parent: 'bookings-group', order: 19.6, ...REPORT_META['analyze-sales'] } },
  ],
  routes: [
    page(PAGES.desk.supportRequest, () => import('./pages/SupportRequestPage'), 'desk.support.title'),
    page(PAGES.desk.remind, () => import('./pages/RemindPage'), 'desk.remind.title'),
    page(PAGES.desk.customerServicesReport, () => import('./pages/CustomerServicesReportPage'), 'desk.customerServices.title'),
    page(PAGES.desk.analyzeSalesReport, () => import('./pages/AnalyzeSalesReportPage'), 'desk.analyzeSales.title'),
  ],
});
