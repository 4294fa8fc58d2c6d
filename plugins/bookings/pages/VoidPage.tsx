/** booking/void: the work list of tickets issued today still voidable, the soonest cut-off first. */
import { WorkListPage } from '../components/manage/WorkListPage';

export default function VoidPage() {
  return <WorkListPage kind="void" />;
}
