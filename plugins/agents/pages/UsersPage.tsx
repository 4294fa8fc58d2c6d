/** /agent/ticketing-management: users of the administrator's agency subtree. */
import { useTranslation } from 'react-i18next';
import { UserList } from '../components/UserList';

export default function UsersPage() {
  const { t } = useTranslation();
  return <UserList resource="agent-users" formPath="/agent/change-ticketing" title={t('agents.users.title')} scope="all" />;
}
