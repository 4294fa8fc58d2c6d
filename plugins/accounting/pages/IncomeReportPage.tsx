/** accounting/income-report (docs/reports.md). */
import { ReportScreen } from '../components/ReportScreen';

export default function IncomeReportPage() {
  return <ReportScreen report="income-report" />;
}
