/** The seats chosen so far (the hold), their price before discounts and the way on to booking/train. */
import { Button } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatVnd, PAGES } from '../../../src/sdk';
import { useHold } from '../api';

export function HoldSummary({ wanted }: { wanted?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hold } = useHold();
  const seats = hold?.seats ?? [];
  if (seats.length === 0) return null;
  const total = seats.reduce((s, x) => s + x.price, 0);
  return (
    <div className="train-hold-summary" data-testid="hold-summary" role="region" aria-label={t('trains.results.chosen')}>
      <span>
        {t('trains.results.chosenCount', { count: seats.length })}
        {wanted && wanted !== seats.length ? <span className="muted"> · {t('trains.results.wanted', { count: wanted })}</span> : null}
      </span>
      <strong className="money" data-testid="hold-total">{formatVnd(total)}</strong>
      <Button type="primary" icon={<ArrowRightOutlined />} iconPosition="end" onClick={() => void navigate(PAGES.trains.booking)} data-testid="hold-continue">
        {t('trains.results.continue')}
      </Button>
    </div>
  );
}
