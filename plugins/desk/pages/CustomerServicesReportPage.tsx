/** /booking/customer-services-report. */
import { BookingReportScreen } from '../components/BookingReportScreen';

export default function CustomerServicesReportPage() {
  return <BookingReportScreen report="customer-services" />;
}
