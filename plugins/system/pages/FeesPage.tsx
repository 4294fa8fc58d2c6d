/** /system/commission-fee: the fee table of the agency or a direct sub-agency, read-only. */
import { FeesScreen } from '../components/FeesScreen';

export default function FeesPage() {
  return <FeesScreen editable={false} />;
}
