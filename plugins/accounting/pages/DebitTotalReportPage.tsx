/** accounting/debit-total-report (docs/reports.md). */
import { ReportScreen } from '../components/ReportScreen';

export default function DebitTotalReportPage() {
  return <ReportScreen report="debit-total-report" />;
}
