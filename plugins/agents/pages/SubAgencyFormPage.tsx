/** /agent/change-subAgent (`?id=` edits): create or edit an F2 sub-agency. */
import { AgencyForm } from '../components/AgencyForm';

export default function SubAgencyFormPage() {
  return <AgencyForm kind="sub" resource="agent-sub-agencies" listPath="/agent/config-f2" />;
}
