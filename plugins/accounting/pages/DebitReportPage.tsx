/** accounting/debit-report (docs/reports.md). */
import { ReportScreen } from '../components/ReportScreen';

export default function DebitReportPage() {
  return <ReportScreen report="debit-report" />;
}
