/** /booking/edit/remove-checkIn/:id: cancels the online check-in of passengers on a segment (only after check-in). */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult, PnrRecord } from '../../../../contract/aftersale';
import { flownOrder, SEGMENT_EDIT_API } from '../../../../contract/aftersale-segments';
import { EditFrame, Itinerary, paxName, segmentLabel, segUrl, useEditCommand, useHub } from './shared';

export default function RemoveCheckInPage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const [segId, setSegId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const cmd = useEditCommand<{ pnr: string; segId: number; paxIds: number[] }, PaidEditResult>(segUrl(SEGMENT_EDIT_API.removeCheckIn, hubState.bookingId));
  const submit = (r: PnrRecord) => {
    const s = r.segments.find((x) => x.segId === segId);
    if (!s) return;
    cmd.confirm({
      title: t('aftersale.segments.checkIn.confirmTitle'),
      content: <p>{t('aftersale.segments.checkIn.confirmText', { seg: segmentLabel(s), names: chosen.map((p) => paxName(r, p)).join(', ') })}</p>,
      ok: t('aftersale.segments.checkIn.ok'),
      danger: true,
      body: { pnr: r.pnr, segId: s.segId, paxIds: chosen },
      done: () => {
        setChosen([]);
        return t('aftersale.segments.checkIn.done');
      },
    });
  };
  return (
    <EditFrame title={t('aftersale.segments.checkIn.title')} testId="remove-checkin-page" hubState={hubState} pnr={pnr} onPnr={(p) => (setPnr(p), setSegId(null), setChosen([]))} outcome={cmd.outcome}>
      {(r) => {
        const checked = r.checkIns ?? [];
        const segs = flownOrder(r.segments).filter((s) => checked.some((c) => c.segId === s.segId));
        const onSeg = checked.filter((c) => c.segId === segId && r.names.find((n) => n.paxId === c.paxId)?.paxType !== 'INF');
        return (
          <>
            <Itinerary record={r} title={t('aftersale.segments.current')} testId="itinerary" />
            <Card size="small" title={t('aftersale.segments.checkIn.choose')}>
              {segs.length === 0 && (
                <div data-testid="checkin-none">
                  <Alert type="info" showIcon message={t('aftersale.segments.checkIn.none')} />
                </div>
              )}
              {segs.length > 0 && (
                <Select className="bke-select bks-wide" value={segId ?? undefined} placeholder={t('aftersale.segments.pickSegment')} aria-label={t('aftersale.segments.pickSegment')} onChange={(v: number) => (setSegId(v), setChosen([]))} data-testid="checkin-segment" options={segs.map((s) => ({ value: s.segId, label: segmentLabel(s) }))} />
              )}
              {onSeg.map((c) => (
                <div key={c.paxId} className="bke-row">
                  <Checkbox checked={chosen.includes(c.paxId)} onChange={(e) => setChosen((l) => (e.target.checked ? [...l, c.paxId] : l.filter((x) => x !== c.paxId)))} data-testid={`checkin-pax-${c.paxId}`}>
                    {paxName(r, c.paxId)}
                  </Checkbox>
                  <span className="muted">{t('aftersale.segments.checkIn.at', { at: c.at.slice(0, 16).replace('T', ' ') })}</span>
                </div>
              ))}
            </Card>
            {segId && chosen.length > 0 && (
              <Itinerary record={{ ...r, checkIns: checked.filter((c) => !(c.segId === segId && chosen.includes(c.paxId))) }} title={t('aftersale.segments.after')} testId="itinerary-after" />
            )}
            <Card size="small" className="bke-total">
              <span className="muted">{t('aftersale.segments.free')}</span>
              <Button danger type="primary" disabled={!segId || chosen.length === 0} loading={cmd.running} onClick={() => submit(r)} data-testid="checkin-submit">
                {t('aftersale.segments.checkIn.ok')}
              </Button>
            </Card>
          </>
        );
      }}
    </EditFrame>
  );
}
