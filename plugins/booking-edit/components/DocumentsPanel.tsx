/**
 * The booking detail's "After-sale" tab: the tickets and EMDs of each issued PNR as the airline holds them,
 * and the way to the after-sale hub.
 */
import { Alert, Button, Skeleton } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSaleHub } from '../../../contract/aftersale';
import type { BookingDetailPanelProps } from '../../../contract/slots';
import { linkTo, LoadError, PAGES } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import { PnrSummary } from './PnrSummary';
import '../booking-edit.css';

export default function DocumentsPanel({ bookingId }: BookingDetailPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query } = useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, errorNotification: false });
  const hub = query.data?.data;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!hub) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <div className="bke-documents" data-testid="aftersale-documents">
      {hub.pnrs.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
      {hub.pnrs.map((r) => (
        <div key={r.pnr}>
          <strong>
            {r.airline} · PNR {r.pnr}
          </strong>
          <PnrSummary record={r} compact />
        </div>
      ))}
      <Button icon={<ToolOutlined />} onClick={() => void navigate(linkTo(PAGES.bookingEdit.hub, { id: bookingId }))} data-testid="open-aftersale">
        {t('aftersale.documents.open')}
      </Button>
    </div>
  );
}
