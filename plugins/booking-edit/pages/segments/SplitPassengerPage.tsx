/**
 * /booking/edit/split-passenger/:id: the chosen passengers (not all) move to a new PNR with their tickets; an
 * adult's infant goes with the adult. Both PNRs stay in the booking.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PnrRecord } from '../../../../contract/aftersale';
import { SEGMENT_EDIT_API, splitSelection, type SplitResult } from '../../../../contract/aftersale-segments';
import { EditFrame, Itinerary, paxName, segUrl, useEditCommand, useHub } from './shared';

export default function SplitPassengerPage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const [chosen, setChosen] = useState<number[]>([]);
  const cmd = useEditCommand<{ pnr: string; paxIds: number[] }, SplitResult>(segUrl(SEGMENT_EDIT_API.split, hubState.bookingId));
  const submit = (r: PnrRecord, moved: number[]) => {
    const ticket = (paxId: number) => r.tickets.find((x) => x.paxId === paxId)?.number ?? '—';
    cmd.confirm({
      title: t('aftersale.segments.split.confirmTitle'),
      content: (
        <>
          <p>{t('aftersale.segments.split.confirmText', { pnr: r.pnr })}</p>
          <ul className="bke-confirm-list">
            {moved.map((id) => (
              <li key={id}>
                {paxName(r, id)} · {t('aftersale.pnr.tickets')} <span className="bke-code">{ticket(id)}</span>
              </li>
            ))}
          </ul>
          <p className="bke-confirm-total">{t('aftersale.segments.split.irreversible')}</p>
        </>
      ),
      ok: t('aftersale.segments.split.ok'),
      body: { pnr: r.pnr, paxIds: chosen },
      done: (res) => {
        setChosen([]);
        return t('aftersale.segments.split.done', { pnr: res.newPnr });
      },
    });
  };
  return (
    <EditFrame title={t('aftersale.segments.split.title')} testId="split-passenger-page" hubState={hubState} pnr={pnr} onPnr={(p) => (setPnr(p), setChosen([]))} outcome={cmd.outcome}>
      {(r) => {
        const sel = splitSelection(r.names, chosen);
        const moved = 'moved' in sel ? sel.moved : [];
        const problem = 'problem' in sel && chosen.length > 0 ? sel.problem : null;
        const seated = r.names.filter((n) => n.paxType !== 'INF');
        return (
          <>
            <Itinerary record={r} title={t('aftersale.segments.itinerary')} testId="itinerary" />
            <Card size="small" title={t('aftersale.segments.split.choose', { pnr: r.pnr })}>
              {seated.length < 2 && <Alert type="info" showIcon message={t('aftersale.segments.split.onePassenger')} />}
              {seated.map((n) => {
                const infant = r.names.find((i) => i.paxType === 'INF' && i.parentId === n.paxId);
                return (
                  <div key={n.paxId} className="bke-row">
                    <Checkbox
                      checked={chosen.includes(n.paxId)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, n.paxId] : c.filter((x) => x !== n.paxId)))}
                      data-testid={`split-pax-${n.paxId}`}
                    >
                      {n.paxId}. {n.title} {n.lastName} {n.firstName} ({t(`aftersale.paxType.${n.paxType}`)})
                      {infant && <span className="muted"> · {t('aftersale.segments.split.withInfant', { name: `${infant.lastName} ${infant.firstName}` })}</span>}
                    </Checkbox>
                    <span className="bke-code muted">{r.tickets.find((x) => x.paxId === n.paxId)?.number}</span>
                  </div>
                );
              })}
              {problem && <Alert type="warning" showIcon message={t(`aftersale.segments.split.problem.${problem}`)} data-testid="split-problem" />}
              {moved.length > 0 && (
                <div className="bks-preview" data-testid="split-preview">
                  <div>
                    <strong>PNR {r.pnr}</strong>: {r.names.filter((n) => !moved.includes(n.paxId)).map((n) => paxName(r, n.paxId)).join(', ')}
                  </div>
                  <div>
                    <strong>{t('aftersale.segments.split.newPnr')}</strong>: {moved.map((id) => paxName(r, id)).join(', ')}
                  </div>
                </div>
              )}
            </Card>
            <Card size="small" className="bke-total">
              <span className="muted">{t('aftersale.segments.free')}</span>
              <Button type="primary" disabled={moved.length === 0} loading={cmd.running} onClick={() => submit(r, moved)} data-testid="split-submit">
                {t('aftersale.segments.split.ok')}
              </Button>
            </Card>
          </>
        );
      }}
    </EditFrame>
  );
}
