/** accounting/flight-data-report (docs/reports.md). */
import { ReportScreen } from '../components/ReportScreen';

export default function FlightDataReportPage() {
  return <ReportScreen report="flight-data-report" />;
}
