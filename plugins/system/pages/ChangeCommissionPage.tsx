/** /system/change-commission: the fee table, editable. */
import { FeesScreen } from '../components/FeesScreen';

export default function ChangeCommissionPage() {
  return <FeesScreen editable />;
}
