/** One airline PNR as the supplier holds it: segments with their status codes, passengers, tickets and EMDs. */
import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PnrRecord, PnrSegment } from '../../../contract/aftersale';
import { formatVnd } from '../../../src/sdk';

const STATUS_COLORS: Record<string, string> = { HK: 'green', HL: 'gold', TK: 'orange', UN: 'red', UC: 'red' };

export function SegmentStatus({ status }: { status: PnrSegment['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} title={t(`aftersale.segmentStatus.${status}`)}>
      {status}
    </Tag>
  );
}

const when = (local: string) => local.replace('T', ' ');

export function PnrSummary({ record, compact = false }: { record: PnrRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const nameOf = (paxId: number) => {
    const n = record.names.find((x) => x.paxId === paxId);
    return n ? `${n.lastName} ${n.firstName}` : `#${paxId}`;
  };
  return (
    <div className="bke-pnr" data-testid={`pnr-record-${record.pnr}`}>
      {!compact && (
        <Table
          size="small"
          rowKey="segId"
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={record.segments}
          columns={[
            { title: t('aftersale.pnr.flight'), key: 'f', render: (_: unknown, s: PnrSegment) => <strong>{s.flightNo}</strong> },
            { title: t('aftersale.pnr.route'), key: 'r', render: (_: unknown, s: PnrSegment) => `${s.from} → ${s.to}` },
            { title: t('aftersale.pnr.departs'), key: 'd', render: (_: unknown, s: PnrSegment) => when(s.departDate) },
            { title: t('aftersale.pnr.class'), dataIndex: 'class', key: 'c' },
            { title: t('aftersale.pnr.status'), key: 's', render: (_: unknown, s: PnrSegment) => <SegmentStatus status={s.status} /> },
          ]}
        />
      )}
      <Descriptions size="small" column={1} className="bke-docs">
        <Descriptions.Item label={t('aftersale.pnr.passengers')}>
          {record.names.map((n) => `${n.paxId}. ${n.title} ${n.lastName} ${n.firstName} (${t(`aftersale.paxType.${n.paxType}`)})`).join(' · ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersale.pnr.tickets')}>
          <span data-testid="pnr-tickets">
            {record.tickets.map((tk) => (
              <span key={tk.number} className="bke-doc" data-testid="pnr-ticket" data-status={tk.status}>
                <span className="bke-code">{tk.number}</span> {nameOf(tk.paxId)} <Tag>{t(`aftersale.ticketStatus.${tk.status}`)}</Tag>
                {tk.exchangedFrom && <span className="muted">{t('aftersale.exchange.replaces', { number: tk.exchangedFrom })}</span>}
              </span>
            ))}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersale.pnr.emds')}>
          {record.emds.length === 0 ? (
            <span className="muted">{t('aftersale.pnr.noEmds')}</span>
          ) : (
            <span data-testid="pnr-emds">
              {record.emds.map((m) => (
                <span key={m.number} className="bke-doc" data-testid="pnr-emd">
                  <span className="bke-code">{m.number}</span> {t(`aftersale.emdKind.${m.kind}`)} {m.description} · {nameOf(m.paxId)} · {formatVnd(m.amount)}
                </span>
              ))}
            </span>
          )}
        </Descriptions.Item>
        {record.seats.length > 0 && (
          <Descriptions.Item label={t('aftersale.pnr.seats')}>
            {record.seats.map((s) => `${nameOf(s.paxId)}: ${record.segments.find((g) => g.segId === s.segId)?.flightNo ?? ''} ${s.seat}`).join(' · ')}
          </Descriptions.Item>
        )}
        {record.baggage.length > 0 && (
          <Descriptions.Item label={t('aftersale.pnr.baggage')}>
            {record.baggage.map((b) => `${nameOf(b.paxId)}: ${b.value} ${b.unit}`).join(' · ')}
          </Descriptions.Item>
        )}
        {!compact && (
          <Descriptions.Item label={t('aftersale.pnr.elements')}>
            <span className="bke-code bke-elements">
              {[
                ...record.ssrs.map((s) => `SSR ${s.code} ${s.status}${s.paxId ? ` P${s.paxId}` : ''}${s.segId ? ` S${s.segId}` : ''} ${s.text}`),
                ...record.osis.map((o) => `OSI ${o.airline} ${o.text}`),
                ...record.contacts.map((c) => `${c.kind} ${c.value}`),
                ...record.docs.map((d) => `DOCS P${d.paxId} ${d.docType}/${d.issuingCountry}/${d.number}`),
                ...record.loyalty.map((l) => `FQTV P${l.paxId} ${l.airline}${l.number}`),
                ...record.tst.map((x) => `TST ${x.id} ${x.paxType} ${x.fareBasis} ${formatVnd(x.total)}`),
                ...record.endorsements.map((e) => `FE ${e.text}`),
                ...record.remarks.map((r) => `${r.kind} ${r.text}`),
                ...(record.queue ? [`QU ${record.queue.office}/${record.queue.queue}C${record.queue.category}`] : []),
              ].join('\n')}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
