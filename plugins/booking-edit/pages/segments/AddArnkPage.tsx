/** /booking/edit/add-arunk/:id: an ARNK in a gap of the itinerary (only where a segment arrives elsewhere than the next departs). */
import { useState } from 'react';
import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult, PnrRecord } from '../../../../contract/aftersale';
import { itineraryGaps, SEGMENT_EDIT_API, type ItineraryGap } from '../../../../contract/aftersale-segments';
import { EditFrame, Itinerary, segUrl, useEditCommand, useHub } from './shared';

export default function AddArnkPage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const cmd = useEditCommand<{ pnr: string; afterSegId: number }, PaidEditResult>(segUrl(SEGMENT_EDIT_API.addArnk, hubState.bookingId));
  const add = (r: PnrRecord, g: ItineraryGap) => {
    const after = { ...r, arnks: [...(r.arnks ?? []), { id: 0, afterSegId: g.afterSegId, from: g.from, to: g.to }] };
    cmd.confirm({
      title: t('aftersale.segments.arnk.confirmTitle'),
      content: (
        <>
          <p>{t('aftersale.segments.arnk.confirmText', { from: g.from, to: g.to })}</p>
          <Itinerary record={after} title={t('aftersale.segments.after')} testId="confirm-after" marks={{ arnkAfter: { [g.afterSegId]: 'new' } }} />
        </>
      ),
      ok: t('aftersale.segments.arnk.add'),
      body: { pnr: r.pnr, afterSegId: g.afterSegId },
      done: () => t('aftersale.segments.arnk.done', { from: g.from, to: g.to }),
    });
  };
  return (
    <EditFrame title={t('aftersale.segments.arnk.title')} testId="add-arunk-page" hubState={hubState} pnr={pnr} onPnr={setPnr} outcome={cmd.outcome}>
      {(r) => {
        const gaps = itineraryGaps(r);
        return (
          <>
            <Itinerary record={r} title={t('aftersale.segments.current')} testId="itinerary" />
            <Card size="small" title={t('aftersale.segments.arnk.gaps')}>
              {gaps.length === 0 && <Alert type="info" showIcon message={t('aftersale.segments.arnk.continuous')} data-testid="arnk-continuous" />}
              {gaps.map((g) => (
                <div key={g.afterSegId} className="bke-row" data-testid={`gap-${g.afterSegId}`}>
                  <span>
                    {t('aftersale.segments.arnk.gap', { from: g.from, to: g.to })}
                    {g.filled && <span className="muted"> · {t('aftersale.segments.arnk.filled')}</span>}
                  </span>
                  <Button type="primary" disabled={g.filled} loading={cmd.running} onClick={() => add(r, g)} data-testid={`arnk-add-${g.afterSegId}`}>
                    {t('aftersale.segments.arnk.add')}
                  </Button>
                </div>
              ))}
            </Card>
          </>
        );
      }}
    </EditFrame>
  );
}
