/** The booking steps without an open hold: nothing to book; back to the search. */
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGES } from '../../../src/sdk';

export function NoHold() {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty description={t('trains.booking.noHold')} data-testid="no-hold">
        <Link to={PAGES.trains.home}>
          <Button type="primary">{t('trains.hold.searchAgain')}</Button>
        </Link>
      </Empty>
    </Card>
  );
}
