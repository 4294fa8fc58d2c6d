/**
 * /booking/edit/change-route-status/:id: the status codes of a booking's segments (HK, HL, UN, TK, UC) and what
 * can be done with each: confirm (TK accepted, HL when the flight has seats) or cancel the segment (XX). What the
 * rule refuses is shown disabled with the reason (segmentTransition, the same rule the gateway applies).
 */
import { Alert, Button, Card, Empty, Grid, Skeleton, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSaleHub, PnrSegment } from '../../../../contract/aftersale';
import { segmentTransition, type SegmentTarget } from '../../../../contract/aftersale-sched';
import { isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../../src/sdk';
import { afterSaleUrl, QUIET, schedUrl } from '../../api';
import { SegmentStatus } from '../../components/PnrSummary';
import { useSchedCommand } from '../../components/sched/use-sched-command';
import '../../booking-edit.css';

const when = (local: string) => local.replace('T', ' ');

export default function ChangeRouteStatusPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const { query } = useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const hub = query.data?.data;
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  const { confirm, outcome, running } = useSchedCommand();
  // below md: one column per segment (flight, route, time, status) and its buttons under it
  const narrow = !Grid.useBreakpoint().md;
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );

  const button = (pnr: string, s: PnrSegment, to: SegmentTarget) => {
    // HL → HK depends on the seats the airline has now: the gateway asks it; the screen lets the agent try
    const v = segmentTransition(s.status, to, { seatsAvailable: s.status === 'HL' ? 1 : 0 });
    const label = t(`aftersale.routeStatus.to.${to}`);
    const b = (
      <Button
        size="small"
        danger={to === 'XX'}
        type={to === 'HK' ? 'primary' : 'default'}
        disabled={!v.ok || running}
        data-testid={`rs-${to}-${s.segId}`}
        onClick={() =>
          confirm({
            title: t('aftersale.routeStatus.confirmTitle', { flight: s.flightNo, from: s.status, to }),
            content: <p>{t(`aftersale.routeStatus.confirm.${to}`, { flight: s.flightNo, route: `${s.from} → ${s.to}` })}</p>,
            url: schedUrl.segmentStatus(bookingId),
            body: { pnr, segId: s.segId, to },
            done: t('aftersale.routeStatus.done', { flight: s.flightNo, to }),
            danger: to === 'XX',
          })
        }
      >
        {label}
      </Button>
    );
    return v.ok ? b : <Tooltip title={t(`aftersale.routeStatus.refused.${v.reason}`)}>{b}</Tooltip>;
  };

  const statusCell = (s: PnrSegment) => (
    <span data-testid={`rs-status-${s.segId}`} data-status={s.status}>
      <SegmentStatus status={s.status} /> <span className="muted">{t(`aftersale.segmentStatus.${s.status}`)}</span>
    </span>
  );
  const narrowColumns = (pnr: string): ColumnsType<PnrSegment> => [
    {
      title: t('aftersale.pnr.flight'),
      key: 'seg',
      render: (_, s) => (
        <div className="bke-sc-cell">
          <span>
            <strong>{s.flightNo}</strong> {s.from} → {s.to} · {when(s.departDate)}
          </span>
          {statusCell(s)}
          <Space wrap>
            {button(pnr, s, 'HK')}
            {button(pnr, s, 'XX')}
          </Space>
        </div>
      ),
    },
  ];

  return (
    <PageFrame title={`${t('aftersale.routeStatus.title')}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid="change-route-status">
        {notFound && (
          <Card>
            <Empty description={t('aftersale.notFound')} />
          </Card>
        )}
        {!notFound && query.isError && <LoadError onRetry={() => void query.refetch()} />}
        {!hub && query.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
        {outcome && <Alert type={outcome.type} showIcon message={outcome.text} data-testid="rs-outcome" data-type={outcome.type} />}
        {hub && hub.pnrs.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
        {hub?.pnrs.map((r) => (
          <Card key={r.pnr} size="small" title={`${r.airline} · PNR ${r.pnr}`}>
            <p className="muted">{t('aftersale.routeStatus.help')}</p>
            <Table<PnrSegment>
              size="small"
              rowKey="segId"
              pagination={false}
              scroll={narrow ? undefined : { x: 640 }}
              dataSource={r.segments}
              locale={{ emptyText: t('aftersale.routeStatus.noSegments') }}
              columns={narrow ? narrowColumns(r.pnr) : [
                { title: t('aftersale.pnr.flight'), key: 'f', render: (_, s) => <strong>{s.flightNo}</strong> },
                { title: t('aftersale.pnr.route'), key: 'r', render: (_, s) => `${s.from} → ${s.to}` },
                { title: t('aftersale.pnr.departs'), key: 'd', render: (_, s) => when(s.departDate) },
                {
                  title: t('aftersale.pnr.status'),
                  key: 's',
                  render: (_, s) => statusCell(s),
                },
                {
                  title: '',
                  key: 'a',
                  render: (_, s) => (
                    <Space wrap>
                      {button(r.pnr, s, 'HK')}
                      {button(r.pnr, s, 'XX')}
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        ))}
      </div>
    </PageFrame>
  );
}
