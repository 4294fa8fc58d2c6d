/** /agent/config-child: the F2's child agencies. */
import { useTranslation } from 'react-i18next';
import { AgencyList } from '../components/AgencyList';

export default function ChildAgenciesPage() {
  const { t } = useTranslation();
  return <AgencyList kind="child" resource="agent-child-agencies" formPath="/agent/change-child" title={t('agents.agencies.childTitle')} />;
}
