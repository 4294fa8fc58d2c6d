/**
 * /booking/edit/remove-route/:id: cancels one segment of the PNR (free). The ticket stays as it is: the segment's
 * coupon is left unused and its fare is not refunded automatically (refund-ticket does that); its seats go back.
 */
import { useState } from 'react';
import { Alert, Button, Card, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult, PnrRecord } from '../../../../contract/aftersale';
import { flownOrder, SEGMENT_EDIT_API } from '../../../../contract/aftersale-segments';
import { EditFrame, Itinerary, segmentLabel, segUrl, useEditCommand, useHub } from './shared';

export default function RemoveRoutePage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const [segId, setSegId] = useState<number | null>(null);
  const cmd = useEditCommand<{ pnr: string; segId: number }, PaidEditResult>(segUrl(SEGMENT_EDIT_API.removeRoute, hubState.bookingId));
  const submit = (r: PnrRecord) => {
    const s = r.segments.find((x) => x.segId === segId);
    if (!s) return;
    cmd.confirm({
      title: t('aftersale.segments.remove.confirmTitle'),
      content: (
        <>
          <p>{t('aftersale.segments.remove.confirmText', { seg: segmentLabel(s) })}</p>
          <Alert type="warning" showIcon message={t('aftersale.segments.remove.fareNote')} />
        </>
      ),
      ok: t('aftersale.segments.remove.ok'),
      danger: true,
      body: { pnr: r.pnr, segId: s.segId },
      done: () => {
        setSegId(null);
        return t('aftersale.segments.remove.done', { flight: s.flightNo });
      },
    });
  };
  return (
    <EditFrame title={t('aftersale.segments.remove.title')} testId="remove-route-page" hubState={hubState} pnr={pnr} onPnr={(p) => (setPnr(p), setSegId(null))} outcome={cmd.outcome}>
      {(r) => {
        const marks = segId ? { segs: { [segId]: 'gone' as const } } : {};
        return (
          <>
            <Itinerary record={r} title={t('aftersale.segments.current')} testId="itinerary" />
            <Card size="small" title={t('aftersale.segments.remove.choose')}>
              {r.segments.length < 2 && <Alert type="info" showIcon message={t('aftersale.segments.remove.only')} />}
              <Radio.Group value={segId} onChange={(e) => setSegId(Number(e.target.value))} className="bks-offers">
                {flownOrder(r.segments).map((s) => (
                  <Radio key={s.segId} value={s.segId} disabled={r.segments.length < 2} data-testid={`remove-seg-${s.segId}`}>
                    {segmentLabel(s)}
                  </Radio>
                ))}
              </Radio.Group>
              <p className="muted">{t('aftersale.segments.remove.fareNote')}</p>
            </Card>
            {segId && <Itinerary record={{ ...r, segments: r.segments.filter((s) => s.segId !== segId), arnks: (r.arnks ?? []).filter((a) => a.afterSegId !== segId) }} title={t('aftersale.segments.after')} testId="itinerary-after" marks={marks} />}
            <Card size="small" className="bke-total">
              <span className="muted">{t('aftersale.segments.free')}</span>
              <Button danger type="primary" disabled={!segId} loading={cmd.running} onClick={() => submit(r)} data-testid="remove-submit">
                {t('aftersale.segments.remove.ok')}
              </Button>
            </Card>
          </>
        );
      }}
    </EditFrame>
  );
}
