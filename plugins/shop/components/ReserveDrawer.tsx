/**
 * One allotment's movements: made (with the purchase's deposit entry), sales with their passengers and booking,
 * seats back from a voided sale, releases and expiry (with the credit's entry, or why there is none).
 */
import { Link } from 'react-router';
import { Alert, Drawer, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { MoveKind, ReserveDetail } from '../../../contract/shop';
import { formatDateTime, formatVnd, linkTo, LoadError, PAGES } from '../../../src/sdk';
import { RESERVES_META, RESOURCES } from '../api';

const COLORS: Record<MoveKind, string> = { create: 'blue', sale: 'green', release: 'orange', expire: 'gray', return: 'cyan' };

export function ReserveDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { result, query } = useOne<ReserveDetail>({ resource: RESOURCES.reserves, id, meta: RESERVES_META });
  const r = query.data ? result : undefined;
  return (
    <Drawer open onClose={onClose} title={r ? `${r.flightNo} · ${r.from}-${r.to} · ${r.class}` : t('shop.detail')} width={480} className="shop-drawer">
      {query.isLoading && <Skeleton active />}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {r && (
        <>
          {!r.mine && <Alert type="info" showIcon message={t('shop.readOnly')} className="shop-alert" />}
          <Typography.Title level={3} className="shop-drawer-title">
            {t('shop.moves.title')}
          </Typography.Title>
          <Timeline
            items={r.moves.map((m) => ({
              color: COLORS[m.kind],
              children: (
                <div data-testid={`move-${m.kind}`}>
                  <Tag color={COLORS[m.kind]}>{t(`shop.moves.${m.kind}`)}</Tag>
                  <strong>{m.quantity}</strong> · {formatDateTime(m.createdAt)}
                  {m.userName ? <Typography.Text type="secondary">{` · ${t('shop.moves.by', { name: m.userName })}`}</Typography.Text> : null}
                  {m.entry ? (
                    <div className="shop-move-entry" data-testid="move-entry" data-type={m.entry.type} data-amount={m.entry.amount}>
                      <Tag color={m.entry.type === 'C' ? 'volcano' : 'green'}>{t(`shop.moves.entry${m.entry.type}`)}</Tag>
                      <strong>{`${m.entry.type === 'C' ? '−' : '+'}${formatVnd(m.entry.amount)}`}</strong>
                      <Typography.Text type="secondary">{` · ${m.entry.reference}`}</Typography.Text>
                    </div>
                  ) : (m.kind === 'expire' || m.kind === 'release') && r.charged ? (
                    <div className="shop-move-entry">
                      <Typography.Text type="secondary">{t('shop.moves.noCredit')}</Typography.Text>
                    </div>
                  ) : null}
                  {m.kind === 'sale' && (
                    <div className="shop-move-sale">
                      {m.customerName} · {formatVnd(m.amount)}
                      {m.bookingId !== null && m.pnr && (
                        <>
                          {' · '}
                          <Link to={linkTo(PAGES.bookings.detail, { id: String(m.bookingId) })} data-testid="move-booking">
                            {t('shop.moves.booking', { pnr: m.pnr })}
                          </Link>
                        </>
                      )}
                      <ul>
                        {m.passengers.map((p, i) => (
                          <li key={i}>{`${p.lastName} ${p.firstName}`}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
