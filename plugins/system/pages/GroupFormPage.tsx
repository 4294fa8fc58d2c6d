/** /system/change-group-permissions (`?id=` edits). */
import { GroupForm } from '../components/GroupForm';

export default function GroupFormPage() {
  return <GroupForm />;
}
