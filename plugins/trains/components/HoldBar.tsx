/**
 * The hold's countdown on every step of the flow (train/search, booking/train and its steps): read from the
 * server's open hold. When it reaches 0 the hold is released (the server lets the seats go anyway) and the bar
 * says so, with the way back to the search.
 */
import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGES } from '../../../src/sdk';
import { useHold, useHoldChange } from '../api';
import { HoldCountdown } from './HoldCountdown';

export function HoldBar({ searchLink = PAGES.trains.home }: { searchLink?: string }) {
  const { t } = useTranslation();
  const { hold, query } = useHold();
  const { release } = useHoldChange();
  const [expired, setExpired] = useState(false);

  const onExpire = () => {
    setExpired(true);
    void release()
      .catch(() => undefined)
      .finally(() => void query.refetch());
  };

  if (expired && !hold) {
    return (
      <Alert
        className="train-hold"
        type="error"
        showIcon
        role="alert"
        data-testid="hold-expired"
        message={t('trains.hold.expired')}
        description={t('trains.hold.expiredText')}
        action={
          <Link to={searchLink}>
            <Button size="small">{t('trains.hold.searchAgain')}</Button>
          </Link>
        }
      />
    );
  }
  if (!hold) return null;
  return <HoldCountdown key={hold.holdId} duration={hold.duration} startTime={hold.startTime} onExpire={onExpire} />;
}
