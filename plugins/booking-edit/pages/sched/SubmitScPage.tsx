/**
 * /booking/edit/submit-sc/:id: the airline changed the booking's flights. Per PNR, each changed segment old
 * against new in plain words; accept the change (TK→HK, the cancelled flight replaced, tickets revalidated) or
 * rebook a changed segment onto another flight of the same route that day, free of charge. Each is confirmed
 * first and is one call to the airline.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Radio, Skeleton, Space, Tag } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChangedSegment, ScheduleChangeView } from '../../../../contract/aftersale-sched';
import { isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../../src/sdk';
import { QUIET, schedUrl } from '../../api';
import { SegmentStatus } from '../../components/PnrSummary';
import { useSchedCommand } from '../../components/sched/use-sched-command';
import { changeWords, dayChanged } from '../../model/sched-words';
import '../../booking-edit.css';

const when = (local: string) => (local ? `${local.slice(11, 16)} ${local.slice(8, 10)}/${local.slice(5, 7)}` : '—');

function ChangeCard({ c, pick, onPick, options }: { c: ChangedSegment; pick?: string; onPick: (flightNo: string) => void; options: ScheduleChangeView['pnrs'][number]['alternatives'][string] }) {
  const { t } = useTranslation();
  const words = changeWords(c);
  return (
    <div className="bke-sc-change" data-testid={`sc-change-${c.segId}`} data-status={c.status}>
      <p className="bke-sc-words" data-testid="sc-words">
        <SegmentStatus status={c.status} /> {t(words.key, { ...words.values, shift: t(`aftersale.sched.words.by.${String(words.values.by ?? 'm')}`, words.values) })}
      </p>
      {dayChanged(c) && <Alert type="warning" showIcon message={t('aftersale.sched.dayChanged')} />}
      <div className="bke-sc-compare">
        <div className="bke-sc-side" data-testid="sc-old">
          <div className="muted">{t('aftersale.sched.old')}</div>
          <strong>{c.oldFlightNo}</strong> {c.from} → {c.to}
          <div>
            {when(c.oldDepartDate)} – {when(c.oldArrivalDate)}
          </div>
        </div>
        <div className="bke-sc-arrow" aria-hidden>
          →
        </div>
        <div className="bke-sc-side bke-sc-new" data-testid="sc-new">
          <div className="muted">{t('aftersale.sched.new')}</div>
          {c.newFlightNo ? (
            <>
              <strong>{c.newFlightNo}</strong> {c.from} → {c.to}
              <div>
                {when(c.newDepartDate)} – {when(c.newArrivalDate)}
              </div>
            </>
          ) : (
            <span>{t('aftersale.sched.noReplacement')}</span>
          )}
        </div>
      </div>
      {options.length > 0 && (
        <details className="bke-sc-rebook">
          <summary>{t('aftersale.sched.rebookOpen', { count: options.length })}</summary>
          <Radio.Group value={pick} onChange={(e) => onPick(e.target.value as string)} className="bke-sc-options" aria-label={t('aftersale.sched.rebookOpen', { count: options.length })}>
            {options.map((o) => (
              <Radio key={o.flightNo} value={o.flightNo} data-testid={`sc-option-${o.flightNo}`}>
                <strong>{o.flightNo}</strong> {when(o.departDate)} – {when(o.arrivalDate)} <span className="muted">{o.aircraft}</span>
              </Radio>
            ))}
          </Radio.Group>
        </details>
      )}
    </div>
  );
}

export default function SubmitScPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const { query } = useCustom<ScheduleChangeView>({ url: schedUrl.view(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const view = query.data?.data;
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  const { confirm, outcome, running } = useSchedCommand();
  const [picks, setPicks] = useState<Record<string, string>>({});
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );
  const withChanges = view?.pnrs.filter((p) => p.changes.length > 0) ?? [];

  const accept = (pnr: string, changes: ChangedSegment[]) =>
    confirm({
      title: t('aftersale.sched.acceptTitle', { pnr }),
      content: (
        <ul className="bke-confirm-list">
          {changes.map((c) => {
            const w = changeWords(c);
            return <li key={c.segId}>{t(w.key, { ...w.values, shift: t(`aftersale.sched.words.by.${String(w.values.by ?? 'm')}`, w.values) })}</li>;
          })}
          <li>{t('aftersale.sched.revalidate')}</li>
        </ul>
      ),
      url: schedUrl.accept(bookingId),
      body: { pnr },
      done: t('aftersale.sched.accepted', { pnr }),
    });

  const rebook = (pnr: string, c: ChangedSegment, flightNo: string) =>
    confirm({
      title: t('aftersale.sched.rebookTitle', { pnr }),
      content: <p>{t('aftersale.sched.rebookText', { route: `${c.from} → ${c.to}`, oldFlight: c.oldFlightNo, flight: flightNo })}</p>,
      url: schedUrl.rebook(bookingId),
      body: { pnr, segId: c.segId, flightNo },
      done: t('aftersale.sched.rebooked', { pnr, flight: flightNo }),
    });

  return (
    <PageFrame title={`${t('aftersale.sched.title')}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid="submit-sc">
        {notFound && (
          <Card>
            <Empty description={t('aftersale.notFound')} />
          </Card>
        )}
        {!notFound && query.isError && <LoadError onRetry={() => void query.refetch()} />}
        {!view && query.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
        {outcome && <Alert type={outcome.type} showIcon message={outcome.text} data-testid="sc-outcome" data-type={outcome.type} />}
        {view && withChanges.length === 0 && (
          <Card>
            <Empty description={t('aftersale.sched.none')} data-testid="sc-none">
              <Link to={linkTo(PAGES.bookingEdit.scheduleChanges)}>{t('aftersale.sched.toInbox')}</Link>
            </Empty>
          </Card>
        )}
        {withChanges.map((p) => (
          <Card key={p.pnr} size="small" title={`${p.airline} · PNR ${p.pnr}`} data-testid={`sc-pnr-${p.pnr}`}>
            <p className="muted">{t('aftersale.sched.rule', { airline: p.airline })}</p>
            {p.changes.map((c) => {
              const pick = picks[`${p.pnr}|${c.segId}`];
              return (
                <div key={c.segId}>
                  <ChangeCard c={c} options={p.alternatives[String(c.segId)] ?? []} pick={pick} onPick={(f) => setPicks((x) => ({ ...x, [`${p.pnr}|${c.segId}`]: f }))} />
                  {pick && (
                    <Button icon={<SwapOutlined />} onClick={() => rebook(p.pnr, c, pick)} disabled={running} data-testid={`sc-rebook-${c.segId}`}>
                      {t('aftersale.sched.rebook', { flight: pick })}
                    </Button>
                  )}
                </div>
              );
            })}
            <Space wrap className="bke-sc-actions">
              <Button type="primary" icon={<CheckOutlined />} loading={running} onClick={() => accept(p.pnr, p.changes)} data-testid="sc-accept">
                {t('aftersale.sched.accept')}
              </Button>
              <Tag>{t('aftersale.sched.freeTag')}</Tag>
            </Space>
          </Card>
        ))}
      </div>
    </PageFrame>
  );
}
