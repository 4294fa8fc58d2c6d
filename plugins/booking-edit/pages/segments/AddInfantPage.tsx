/**
 * /booking/edit/add-infant/:id: an infant on the lap of an adult who has none (GDS bookings 1A, 1B, 1G; VJ has
 * add-infant-vj), named and born under 2 at the last flight, with its infant fare paid from the deposit (PIN).
 */
import { useState } from 'react';
import { Alert, Button, Card, Input, Select, Skeleton } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult, PnrRecord } from '../../../../contract/aftersale';
import { INFANT_GDS_SOURCES, infantProblems, SEGMENT_EDIT_API, type InfantQuote } from '../../../../contract/aftersale-segments';
import { formatVnd, isApiError } from '../../../../src/sdk';
import { QUIET } from '../../api';
import { EditFrame, paxName, segUrl, useEditCommand, useHub } from './shared';

const TITLES = ['MSTR', 'MISS'] as const;

export default function AddInfantPage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const [parentId, setParentId] = useState<number | null>(null);
  const [infant, setInfant] = useState({ title: 'MSTR', lastName: '', firstName: '', birthday: '' });
  const [touched, setTouched] = useState(false);
  const record = hubState.hub?.pnrs.find((r) => r.pnr === pnr) ?? hubState.hub?.pnrs[0];
  const gds = !!record && (INFANT_GDS_SOURCES as readonly string[]).includes(record.source);
  const { query } = useCustom<InfantQuote>({
    url: segUrl(SEGMENT_EDIT_API.infantQuote, hubState.bookingId),
    method: 'get',
    config: { query: { pnr: record?.pnr, parentId } },
    meta: QUIET,
    errorNotification: false,
    queryOptions: { enabled: gds && !!parentId },
  });
  const quote = query.data?.data;
  const cmd = useEditCommand<{ pnr: string; parentId: number; infant: typeof infant }, PaidEditResult>(segUrl(SEGMENT_EDIT_API.addInfant, hubState.bookingId));

  const submit = (r: PnrRecord) => {
    setTouched(true);
    if (!parentId || !quote || infantProblems(r, parentId, infant).length > 0) return;
    cmd.confirm({
      title: t('aftersale.paid.confirmTitle'),
      content: (
        <>
          <p>{t('aftersale.segments.infant.confirmText', { name: `${infant.lastName} ${infant.firstName}`, adult: paxName(r, parentId) })}</p>
          <p className="bke-confirm-total">{t('aftersale.paid.confirmText', { amount: formatVnd(quote.total) })}</p>
        </>
      ),
      ok: t('aftersale.paid.ok'),
      body: { pnr: r.pnr, parentId, infant },
      done: (res) => {
        setParentId(null);
        setTouched(false);
        setInfant({ title: 'MSTR', lastName: '', firstName: '', birthday: '' });
        return t('aftersale.segments.infant.done', { amount: formatVnd(res.amount) });
      },
    });
  };

  return (
    <EditFrame title={t('aftersale.segments.infant.title')} testId="add-infant-page" hubState={hubState} pnr={pnr} onPnr={(p) => (setPnr(p), setParentId(null))} outcome={cmd.outcome}>
      {(r) => {
        if (!(INFANT_GDS_SOURCES as readonly string[]).includes(r.source)) return (
            <div data-testid="infant-not-gds">
              <Alert type="info" showIcon message={t('aftersale.segments.infant.notGds')} />
            </div>
          );
        const free = r.names.filter((n) => n.paxType === 'ADT' && !r.names.some((i) => i.paxType === 'INF' && i.parentId === n.paxId));
        const problems = parentId ? infantProblems(r, parentId, infant) : [];
        const err = (k: string) => (touched && problems.includes(k as never) ? 'error' : undefined);
        return (
          <>
            <Card size="small" title={t('aftersale.segments.infant.adult')}>
              {free.length === 0 && <Alert type="info" showIcon message={t('aftersale.segments.infant.allHave')} />}
              <Select className="bke-select bks-wide" value={parentId ?? undefined} placeholder={t('aftersale.segments.infant.pickAdult')} aria-label={t('aftersale.segments.infant.pickAdult')} onChange={(v: number) => setParentId(v)} data-testid="infant-parent"
                options={r.names.filter((n) => n.paxType === 'ADT').map((n) => ({ value: n.paxId, label: paxName(r, n.paxId), disabled: !free.includes(n) }))} />
            </Card>
            <Card size="small" title={t('aftersale.segments.infant.who')}>
              <div className="bks-search">
                <label>
                  {t('aftersale.segments.infant.title_')}
                  <Select value={infant.title} onChange={(v: string) => setInfant((x) => ({ ...x, title: v }))} options={TITLES.map((v) => ({ value: v, label: t(`aftersale.segments.infant.titles.${v}`) }))} />
                </label>
                <label>
                  {t('aftersale.segments.infant.lastName')}
                  <Input status={err('lastName')} value={infant.lastName} onChange={(e) => setInfant((x) => ({ ...x, lastName: e.target.value }))} data-testid="infant-last" />
                </label>
                <label>
                  {t('aftersale.segments.infant.firstName')}
                  <Input status={err('firstName')} value={infant.firstName} onChange={(e) => setInfant((x) => ({ ...x, firstName: e.target.value }))} data-testid="infant-first" />
                </label>
                <label>
                  {t('aftersale.segments.infant.birthday')}
                  <Input status={err('birthday') ?? err('age')} placeholder="dd/MM/yyyy" value={infant.birthday} onChange={(e) => setInfant((x) => ({ ...x, birthday: e.target.value }))} data-testid="infant-birthday" />
                </label>
              </div>
              {touched && problems.length > 0 && <Alert type="error" showIcon message={problems.map((p) => t(`aftersale.segments.infant.problem.${p}`)).join(' ')} data-testid="infant-problems" />}
            </Card>
            {parentId && query.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
            {parentId && query.isError && <Alert type="warning" showIcon message={isApiError(query.error) ? query.error.message : t('aftersale.paid.failed')} />}
            {quote && (
              <Card size="small" title={t('aftersale.segments.infant.fare')}>
                {quote.parts.map((p) => (
                  <div key={p.segIds.join()} className="bke-row">
                    <span>{p.route} · {p.class}</span>
                    <strong>{formatVnd(p.amount)}</strong>
                  </div>
                ))}
              </Card>
            )}
            <Card size="small" className="bke-total">
              <span>
                {t('aftersale.total')}: <strong data-testid="infant-total">{formatVnd(quote?.total ?? 0)}</strong>
              </span>
              <Button type="primary" disabled={!parentId || !quote} loading={cmd.running} onClick={() => submit(r)} data-testid="infant-submit">
                {t('aftersale.segments.infant.ok')}
              </Button>
            </Card>
          </>
        );
      }}
    </EditFrame>
  );
}
