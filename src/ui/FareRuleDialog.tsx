/** The fare-rule dialog by airline and class (GET /api/flights/fare-rules): the rules, a message and isError. */
import { Alert, Collapse, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../src/api/errors';
import { fareRules, type FareRuleQuery } from '../api';

export interface FareRuleDialogProps {
  query: (FareRuleQuery & { title: string }) | null;
  onClose: () => void;
}

export function FareRuleDialog({ query, onClose }: FareRuleDialogProps) {
  const { t } = useTranslation();
  const { title, ...params } = query ?? { title: '', airline: '', class: '' };
  const rules = useQuery({
    queryKey: ['flights', 'fare-rules', params],
    queryFn: ({ signal }) => fareRules(params, signal),
    enabled: !!query,
    staleTime: 10 * 60 * 1000,
  });
  const isError = rules.isError;
  const message = isError
    ? (isApiError(rules.error) && rules.error.message) || t('flights.fareRule.error')
    : rules.data && !rules.data.list.length ? t('flights.fareRule.empty') : '';

  return (
    <Modal open={!!query} onCancel={onClose} footer={null} title={`${t('flights.fareRule.title')} · ${title}`} width={680} destroyOnHidden>
      <div data-testid="fare-rule-dialog" className="fl-fare-rule">
        {rules.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
        {message && <Alert type={isError ? 'error' : 'info'} showIcon message={message} />}
        {rules.data && rules.data.list.length > 0 && (
          <>
            {rules.data.isInternational && <Alert type="info" showIcon message={t('flights.fareRule.international')} className="fl-fare-rule-note" />}
            <Collapse
              defaultActiveKey={rules.data.list.map((_, i) => String(i))}
              items={rules.data.list.map((r, i) => ({
                key: String(i),
                label: r.type,
                children: <div className="fl-fare-rule-text">{r.fareRule}</div>,
              }))}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
