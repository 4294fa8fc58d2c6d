/** accounting/vna-summary-report (docs/reports.md). */
import { ReportScreen } from '../components/ReportScreen';

export default function VnaSummaryReportPage() {
  return <ReportScreen report="vna-summary-report" />;
}
