/** /agent/change-child-ticketing (`?id=` edits): create or edit a user of a child agency. */
import { UserForm } from '../components/UserForm';

export default function ChildUserFormPage() {
  return <UserForm resource="agent-child-users" listPath="/agent/child-ticketing-management" scope="children" />;
}
