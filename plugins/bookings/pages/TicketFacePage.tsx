/**
 * /ticket-face (public, no sign-in; phones first): a traveller enters the PNR and a passenger's last name and
 * sees the e-ticket: passengers with their ticket numbers, the flights and the agency's hotline.
 * A public page: offered by plugins/bookings/public.ts to the shell's small public router, outside the
 * signed-in app (no plugin registry, Refine or casbin on the way).
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TicketFace } from '../../../contract/bookings';
import { BOOKINGS_API } from '../../../contract/bookings-rules';
import { ErrorCode } from '../../../contract/errors';
import { api, formatDate, formatDateTime, isApiError, PublicLayout } from '../../../src/sdk-public';
import './ticket-face.css';

export interface TicketFaceQuery {
  pnr: string;
  lastName: string;
}

export async function fetchTicketFace(query: TicketFaceQuery): Promise<TicketFace> {
  const { data } = await api.get<TicketFace>(BOOKINGS_API.ticketFace, { params: query, skipAuthRedirect: true, silent: true, overlay: false });
  return data;
}

type Failure = { kind: 'notFound' } | { kind: 'tooMany'; seconds: number | null } | { kind: 'failed'; message: string };

/** What a failed look-up tells the traveller (pure). */
export function ticketFaceFailure(e: unknown): Failure {
  if (isApiError(e)) {
    if (e.status === 404) return { kind: 'notFound' };
    if (e.status === 429 || e.code === ErrorCode.RATE_LIMITED) {
      const s = Number(e.data?.retryAfterSeconds);
      return { kind: 'tooMany', seconds: Number.isFinite(s) && s > 0 ? Math.ceil(s) : null };
    }
    if (e.message && !e.network) return { kind: 'failed', message: e.message };
  }
  return { kind: 'failed', message: '' };
}

export default function TicketFacePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const initialPnr = (new URLSearchParams(location.search).get('pnr') ?? '').toUpperCase().slice(0, 6);
  const [ticket, setTicket] = useState<TicketFace | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [loading, setLoading] = useState(false);

  const find = async (v: { pnr: string; lastName: string }) => {
    setLoading(true);
    setFailure(null);
    setTicket(null);
    try {
      setTicket(await fetchTicketFace({ pnr: v.pnr.trim().toUpperCase(), lastName: v.lastName.trim() }));
    } catch (e) {
      setFailure(ticketFaceFailure(e));
    } finally {
      setLoading(false);
    }
  };

  const failureText = (f: Failure) =>
    f.kind === 'notFound'
      ? t('bookings.ticketFace.notFound')
      : f.kind === 'tooMany'
        ? f.seconds
          ? t('bookings.ticketFace.tooManyWait', { seconds: f.seconds })
          : t('bookings.ticketFace.tooMany')
        : f.message || t('bookings.ticketFace.failed');

  return (
    <PublicLayout wide>
      <div className="tf-page" data-testid="ticket-face-page">
        <Typography.Title level={1} className="public-title">
          {t('bookings.ticketFace.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('bookings.ticketFace.intro')}</Typography.Paragraph>
        <Card size="small">
          <Form layout="vertical" className="tf-form" onFinish={(v: { pnr: string; lastName: string }) => void find(v)} initialValues={{ pnr: initialPnr, lastName: '' }}>
            <Form.Item
              name="pnr"
              label={t('bookings.ticketFace.pnr')}
              rules={[{ required: true, pattern: /^\s*[A-Za-z0-9]{6}\s*$/, message: t('bookings.ticketFace.pnrRule') }]}
            >
              <Input id="tf-pnr" maxLength={8} autoComplete="off" autoCapitalize="characters" className="tf-upper" placeholder="ABC123" />
            </Form.Item>
            <Form.Item name="lastName" label={t('bookings.ticketFace.lastName')} rules={[{ required: true, whitespace: true, max: 60, message: t('bookings.ticketFace.lastNameRule') }]}>
              <Input id="tf-last-name" maxLength={60} autoComplete="family-name" placeholder="NGUYEN" />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading} block data-testid="tf-submit">
              {t('bookings.ticketFace.find')}
            </Button>
          </Form>
        </Card>
        {failure && (
          <Alert
            type={failure.kind === 'notFound' ? 'warning' : 'error'}
            showIcon
            role="alert"
            className="tf-alert"
            data-testid="tf-failure"
            data-kind={failure.kind}
            message={failureText(failure)}
          />
        )}
        {ticket && (
          <Card className="tf-ticket" data-testid="tf-ticket" data-pnr={ticket.pnr}>
            <div className="tf-head">
              <div>
                <div className="tf-label">{t('bookings.ticketFace.pnr')}</div>
                <div className="tf-code">{ticket.pnr}</div>
              </div>
              <div className="tf-head-side">
                <Tag color={ticket.status === 'ISSUE TICKET' ? 'blue' : 'default'}>{t(`bookings.recordStatus.${ticket.status}`)}</Tag>
                <div>{ticket.airline}</div>
                {ticket.issuedAt && <div className="tf-label">{t('bookings.ticketFace.issuedAt', { date: formatDateTime(ticket.issuedAt) })}</div>}
              </div>
            </div>
            <h2 className="tf-section">{t('bookings.ticketFace.flights')}</h2>
            {ticket.routeInfos.map((r, i) => (
              <div key={i} className="tf-leg" data-testid="tf-leg">
                <div className="tf-leg-top">
                  <strong>{r.flightNo}</strong>
                  <span>{formatDate(r.departDate)}</span>
                </div>
                <div className="tf-leg-times">
                  <div>
                    <div className="tf-time">{r.timeFrom}</div>
                    <div>
                      {r.from}
                      {r.startTerminal ? ` · T${r.startTerminal.replace(/^T/i, '')}` : ''}
                    </div>
                  </div>
                  <div className="tf-arrow" aria-hidden>
                    →
                  </div>
                  <div>
                    <div className="tf-time">{r.timeTo}</div>
                    <div>
                      {r.to}
                      {r.endTerminal ? ` · T${r.endTerminal.replace(/^T/i, '')}` : ''}
                    </div>
                  </div>
                </div>
                <div className="tf-label">
                  {t('bookings.ticketFace.class')} {r.class} · {r.cabinClass}
                  {r.freeBaggage.pieces > 0 ? ` · ${r.freeBaggage.pieces} × ${r.freeBaggage.description}` : ''}
                </div>
              </div>
            ))}
            <h2 className="tf-section">{t('bookings.ticketFace.passengers')}</h2>
            {ticket.passengers.map((p, i) => (
              <div key={i} className="tf-pax" data-testid="tf-passenger">
                <span>
                  <strong>
                    {p.lastName} {p.firstName}
                  </strong>{' '}
                  <span className="tf-label">
                    {p.title} · {t(`bookings.paxType.${p.paxType}`)}
                  </span>
                </span>
                <span className="tf-ticket-no" data-testid="tf-ticket-number">
                  {p.ticketNumber || t('bookings.ticketFace.noTicket')}
                </span>
              </div>
            ))}
            <div className="tf-agent">
              {ticket.agentName}
              {ticket.hotline && (
                <>
                  {' · '}
                  {t('bookings.ticketFace.hotline')}: <a href={`tel:${ticket.hotline.replace(/[^\d+]/g, '')}`}>{ticket.hotline}</a>
                </>
              )}
            </div>
          </Card>
        )}
      </div>
    </PublicLayout>
  );
}
