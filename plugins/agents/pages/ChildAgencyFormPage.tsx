/** /agent/change-child (`?id=` edits): create or edit a child agency of the F2. */
import { AgencyForm } from '../components/AgencyForm';

export default function ChildAgencyFormPage() {
  return <AgencyForm kind="child" resource="agent-child-agencies" listPath="/agent/config-child" />;
}
