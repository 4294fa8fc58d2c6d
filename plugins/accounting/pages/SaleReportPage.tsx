/** accounting/sale-report (docs/reports.md). */
import { ReportScreen } from '../components/ReportScreen';

export default function SaleReportPage() {
  return <ReportScreen report="sale-report" />;
}
