/** booking/cancel: the work list of holds to cancel (seats released, no money). */
import { WorkListPage } from '../components/manage/WorkListPage';

export default function CancelPage() {
  return <WorkListPage kind="cancel" />;
}
