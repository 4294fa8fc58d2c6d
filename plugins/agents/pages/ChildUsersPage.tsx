/** /agent/child-ticketing-management: users of the F2's child agencies. */
import { useTranslation } from 'react-i18next';
import { UserList } from '../components/UserList';

export default function ChildUsersPage() {
  const { t } = useTranslation();
  return <UserList resource="agent-child-users" formPath="/agent/change-child-ticketing" title={t('agents.users.childTitle')} scope="children" />;
}
