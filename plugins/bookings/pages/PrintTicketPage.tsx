/**
 * booking/print-ticket?id=&pnr=&price=: the printed ticket with the agent's details, the price display option
 * (total, detail, none), the SMS text with a copy button, Print (a print stylesheet shows only the ticket, A4)
 * and Download PDF (print.pdf as a file). Both are custom reads of the booking through the data provider; the PDF
 * is read on the click (a query that runs only when asked), its pending state is the button's.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Radio, Skeleton, Space } from 'antd';
import { CopyOutlined, DownloadOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { useCustom, type HttpError } from '@refinedev/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PrintInfo } from '../../../contract/bookings';
import { PRICE_DISPLAYS } from '../../../contract/bookings-rules';
import { isApiError } from '../../../src/sdk';
import { LoadError, PageFrame } from '../../../src/sdk';
import { COMMAND, QUIET, bookingReadKey, bookingUrl, printParamsOf } from '../api';
import { TicketView } from '../components/manage/TicketView';
import { printParams, printQuery, type PriceDisplay } from '../model/print';
import '../manage.css';

export default function PrintTicketPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const params = printParams(location.search);
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const [copied, setCopied] = useState(false);
  const id = params.id ?? 0;
  const query = printParamsOf({ pnr: params.pnr, price: params.price, lang });
  const info = useCustom<PrintInfo, HttpError>({
    url: bookingUrl.print(id),
    method: 'get',
    config: { query },
    meta: QUIET,
    queryOptions: { queryKey: bookingReadKey(id, 'print', query), enabled: params.id !== null, retry: false },
    errorNotification: false,
  }).query;
  const pdf = useCustom<Blob, HttpError>({
    url: bookingUrl.printPdf(id),
    method: 'get',
    config: { query },
    meta: { ...COMMAND, responseType: 'blob' },
    queryOptions: { queryKey: bookingReadKey(id, 'print.pdf', query), enabled: false, retry: false, gcTime: 0 },
    errorNotification: false,
  }).query;
  const printed = info.data?.data;

  const setPrice = (price: PriceDisplay) => void navigate({ search: `?${printQuery({ id: params.id as number, pnr: params.pnr, price })}` }, { replace: true });

  const copySms = async () => {
    if (!printed) return;
    await navigator.clipboard.writeText(printed.contentSms);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  const download = async () => {
    if (params.id === null) return;
    const read = await pdf.refetch();
    if (read.isError || !read.data) return;
    const url = URL.createObjectURL(read.data.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = `ticket-${printed?.pnrCode || params.pnr || params.id}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  if (params.id === null) {
    return (
      <PageFrame title={t('bookings.print.title')} className="bkm-page">
        <Card>
          <Empty description={t('bookings.print.noBooking')}>
            <Link to="/booking/search">{t('bookings.search.title')}</Link>
          </Empty>
        </Card>
      </PageFrame>
    );
  }

  const notFound = isApiError(info.error) && info.error.status === 404;
  return (
    <PageFrame title={t('bookings.print.title')} className="bkm-page bkm-print-page">
      <div className="bkm-print-tools bkm-no-print">
        <Link to={`/booking/booking-detail/${params.id}`}>{t('bookings.refund.backToDetail')}</Link>
        <Radio.Group
          value={params.price}
          onChange={(e) => setPrice(e.target.value as PriceDisplay)}
          optionType="button"
          aria-label={t('bookings.print.priceDisplay')}
          options={PRICE_DISPLAYS.map((p) => ({ value: p, label: t(`bookings.print.price.${p}`) }))}
          data-testid="print-price-display"
        />
        <Space wrap>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!printed} data-testid="print-button">
            {t('bookings.print.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={pdf.isFetching} disabled={!printed} data-testid="print-pdf">
            {t('bookings.print.pdf')}
          </Button>
          <Link to={`/booking/mail?${printQuery({ id: params.id, pnr: params.pnr, price: params.price })}`}>
            <Button icon={<MailOutlined />}>{t('bookings.actions.mail')}</Button>
          </Link>
        </Space>
      </div>
      {pdf.isError && !pdf.isFetching && <Alert type="error" showIcon message={t('bookings.print.pdfFailed')} className="bkm-feedback bkm-no-print" />}
      {notFound && (
        <Card>
          <Empty description={t('bookings.detail.notFound')} />
        </Card>
      )}
      {info.isError && !notFound && <LoadError onRetry={() => void info.refetch()} />}
      {info.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {printed && (
        <>
          <TicketView info={printed} />
          <Card size="small" title={t('bookings.print.sms')} className="bkm-no-print bkm-sms">
            <Input.TextArea value={printed.contentSms} readOnly autoSize={{ minRows: 3, maxRows: 8 }} data-testid="print-sms" aria-label={t('bookings.print.sms')} />
            <Button icon={<CopyOutlined />} onClick={() => void copySms()} data-testid="print-copy-sms" className="bkm-sms-copy">
              {copied ? t('bookings.print.copied') : t('bookings.print.copy')}
            </Button>
          </Card>
        </>
      )}
    </PageFrame>
  );
}
