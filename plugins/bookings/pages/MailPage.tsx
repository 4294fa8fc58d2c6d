/**
 * booking/mail?id=&pnr=: send the ticket by e-mail: recipients (the contact's e-mail first), language, price
 * display and a message; the gateway queues it in the outbox. The form is Refine's (useForm), a command on the
 * booking: its submit posts to …/mail through the data provider, the send button shows its pending state.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Radio, Select, Skeleton } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MailRequest } from '../../../contract/bookings';
import { PRICE_DISPLAYS } from '../../../contract/bookings-rules';
import { isApiError } from '../../../src/sdk';
import { LoadError, PageFrame } from '../../../src/sdk';
import { BOOKINGS_RESOURCE, COMMAND, bookingUrl } from '../api';
import { useBookingDetail } from '../components/manage/use-booking-detail';
import { MAX_RECIPIENTS, parseRecipients, printParams, type PriceDisplay } from '../model/print';
import '../manage.css';

interface MailForm {
  to: string[];
  pnr?: string;
  lang: 'vi' | 'en';
  price: PriceDisplay;
  message?: string;
}

export default function MailPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const params = printParams(location.search);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const detail = useBookingDetail(params.id ?? 0, params.id !== null);
  const booking = detail.data?.data;
  const { form, formProps, onFinish, formLoading } = useForm<{ queued: boolean }, HttpError, MailRequest>({
    resource: BOOKINGS_RESOURCE,
    action: 'create',
    meta: { path: bookingUrl.mail(params.id ?? 0), ...COMMAND },
    redirect: false,
    invalidates: [],
    successNotification: false,
    errorNotification: false,
    onMutationSuccess: (_data, sent) => setOutcome({ type: 'success', text: t('bookings.mail.sent', { to: sent.to.join(', ') }) }),
    onMutationError: (e) => setOutcome({ type: 'error', text: (isApiError(e) && e.message) || t('bookings.actions.failed') }),
  });

  useEffect(() => {
    if (!booking) return;
    form.setFieldsValue({
      to: booking.customerInfo.listEmail.slice(0, MAX_RECIPIENTS),
      pnr: params.pnr ?? undefined,
      lang: i18n.language === 'en' ? 'en' : 'vi',
      price: params.price,
    });
  }, [booking, form, params.pnr, params.price, i18n.language]);

  if (params.id === null) {
    return (
      <PageFrame title={t('bookings.mail.title')} className="bkm-page">
        <Card>
          <Empty description={t('bookings.print.noBooking')}>
            <Link to="/booking/search">{t('bookings.search.title')}</Link>
          </Empty>
        </Card>
      </PageFrame>
    );
  }

  const submit = (v: MailForm) => {
    setOutcome(null);
    const to = parseRecipients(v.to.join(' ')).valid;
    return onFinish({ to, pnr: v.pnr || undefined, lang: v.lang, price: v.price, message: v.message?.trim() || undefined }).catch(() => undefined);
  };

  const notFound = isApiError(detail.error) && detail.error.status === 404;
  return (
    <PageFrame
      title={`${t('bookings.mail.title')} #${params.id}`}
      extra={<Link to={`/booking/booking-detail/${params.id}`}>{t('bookings.refund.backToDetail')}</Link>}
      className="bkm-page"
    >
      {notFound && (
        <Card>
          <Empty description={t('bookings.detail.notFound')} />
        </Card>
      )}
      {detail.isError && !notFound && <LoadError onRetry={() => void detail.refetch()} />}
      {detail.isLoading && <Skeleton active />}
      {outcome && <Alert type={outcome.type} showIcon message={outcome.text} className="bkm-feedback" data-testid="mail-outcome" data-type={outcome.type} />}
      {booking && (
        <Card size="small" className="bkm-mail">
          <Form<MailForm> {...formProps} form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ to: [], lang: 'vi', price: 'total' }}>
            <Form.Item
              name="to"
              label={t('bookings.mail.to')}
              extra={t('bookings.mail.toHelp', { max: MAX_RECIPIENTS })}
              rules={[
                {
                  validator: async (_r, value: string[] | undefined) => {
                    const r = parseRecipients((value ?? []).join(' '));
                    if (r.valid.length === 0) throw new Error(t('bookings.mail.toRequired'));
                    if (r.invalid.length) throw new Error(t('bookings.mail.invalid', { list: r.invalid.join(', ') }));
                    if (r.tooMany) throw new Error(t('bookings.mail.tooMany', { max: MAX_RECIPIENTS }));
                  },
                },
              ]}
            >
              <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} data-testid="mail-to" aria-label={t('bookings.mail.to')} />
            </Form.Item>
            <Form.Item name="pnr" label={t('bookings.mail.pnr')}>
              <Select allowClear placeholder={t('bookings.mail.allPnrs')} options={booking.pnrs.filter((p) => p.pnr).map((p) => ({ value: p.pnr, label: `${p.pnr} · ${p.airline}` }))} />
            </Form.Item>
            <Form.Item name="lang" label={t('bookings.mail.lang')}>
              <Radio.Group optionType="button" options={[{ value: 'vi', label: 'Tiếng Việt' }, { value: 'en', label: 'English' }]} />
            </Form.Item>
            <Form.Item name="price" label={t('bookings.print.priceDisplay')}>
              <Radio.Group optionType="button" options={PRICE_DISPLAYS.map((p) => ({ value: p, label: t(`bookings.print.price.${p}`) }))} />
            </Form.Item>
            <Form.Item name="message" label={t('bookings.mail.message')}>
              <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={formLoading} data-testid="mail-send">
              {t('bookings.mail.send')}
            </Button>
          </Form>
        </Card>
      )}
    </PageFrame>
  );
}
