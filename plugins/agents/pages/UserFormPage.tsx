/** /agent/change-ticketing (`?id=` edits): create or edit a user of the subtree. */
import { UserForm } from '../components/UserForm';

export default function UserFormPage() {
  return <UserForm resource="agent-users" listPath="/agent/ticketing-management" scope="all" />;
}
