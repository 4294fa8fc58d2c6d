/** booking/issue: the work list of holds to issue, the soonest time limit first. */
import { WorkListPage } from '../components/manage/WorkListPage';

export default function IssuePage() {
  return <WorkListPage kind="issue" />;
}
