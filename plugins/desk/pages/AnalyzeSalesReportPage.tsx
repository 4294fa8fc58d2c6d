/** /booking/analyze-sales-report. */
import { BookingReportScreen } from '../components/BookingReportScreen';

export default function AnalyzeSalesReportPage() {
  return <BookingReportScreen report="analyze-sales" />;
}
