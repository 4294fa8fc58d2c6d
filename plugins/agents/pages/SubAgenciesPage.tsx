/** /agent/config-f2: the F1's F2 sub-agencies. */
import { useTranslation } from 'react-i18next';
import { AgencyList } from '../components/AgencyList';

export default function SubAgenciesPage() {
  const { t } = useTranslation();
  return <AgencyList kind="sub" resource="agent-sub-agencies" formPath="/agent/change-subAgent" title={t('agents.agencies.subTitle')} />;
}
