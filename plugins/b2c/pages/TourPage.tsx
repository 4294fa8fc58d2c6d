/** /b2c/tour/{id} (USE_B2C): one tour as the storefront shows it — images, itinerary by day, departures with seats and prices, inclusions. */
import { Button, Card, Descriptions, Empty, Skeleton, Table, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, ExportOutlined } from '@ant-design/icons';
import { useCan, useCustom, useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { B2C_API, STOREFRONT_PREFIX, type B2cConfig, type Departure, type Tour } from '../../../contract/b2c';
import { assetUrl, formatDate, formatVnd, linkTo, LoadError, PageFrame, PAGES, SafeHtml } from '../../../src/sdk';
import { RESOURCES, TOURS_META } from '../api';
import { TourStatusTag } from '../components/StatusTags';
import { seatsLeft } from '../model/tour-form';
import '../b2c.css';

export default function TourPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const { result: tour, query } = useOne<Tour, HttpError>({ resource: RESOURCES.tours, id, meta: TOURS_META, queryOptions: { enabled: valid, retry: false }, errorNotification: false });
  const config = useCustom<{ config: B2cConfig | null }>({ url: B2C_API.config, method: 'get', meta: { overlay: false }, errorNotification: false }).query.data?.data.config;
  const { data: can } = useCan({ resource: RESOURCES.tours, action: 'write' });
  const back = <Link to={PAGES.b2c.tours}><ArrowLeftOutlined /> {t('b2c.tour.back')}</Link>;

  const body = () => {
    if (!valid || query.error?.statusCode === 404) return <Empty description={t('b2c.tour.notFound')}>{back}</Empty>;
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    if (query.isLoading || !tour) return <Skeleton active paragraph={{ rows: 10 }} />;
    const columns = [
      { title: t('b2c.departure.date'), dataIndex: 'date', key: 'date', render: (v: string) => formatDate(v) },
      { title: t('b2c.departure.seats'), key: 'seats', render: (_: unknown, d: Departure) => <span data-testid="seats-left" data-left={seatsLeft(d)}>{`${seatsLeft(d)} / ${d.seatsTotal}`}</span> },
      { title: t('b2c.pax.adult'), key: 'adult', align: 'right' as const, render: (_: unknown, d: Departure) => formatVnd(d.prices.adult) },
      { title: t('b2c.pax.child'), key: 'child', align: 'right' as const, render: (_: unknown, d: Departure) => formatVnd(d.prices.child) },
      { title: t('b2c.pax.infant'), key: 'infant', align: 'right' as const, render: (_: unknown, d: Departure) => formatVnd(d.prices.infant) },
    ];
    return (
      <>
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('b2c.tours.status')}><TourStatusTag status={tour.status} /></Descriptions.Item>
            <Descriptions.Item label={t('b2c.tours.destination')}>{tour.destination ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('b2c.tours.days')}>{tour.days}</Descriptions.Item>
          </Descriptions>
          {tour.summary && <Typography.Paragraph>{tour.summary}</Typography.Paragraph>}
        </Card>
        {tour.imageUrls.length > 0 && <div className="b2c-images b2c-section">{tour.imageUrls.map((u) => <img key={u} src={assetUrl(u)} alt="" />)}</div>}
        <Typography.Title level={2} className="section-title">{t('b2c.tour.departures')}</Typography.Title>
        <Table<Departure> rowKey="id" size="small" pagination={false} columns={columns} dataSource={tour.departures} scroll={{ x: 560 }} data-testid="tour-departures" />
        {tour.bodyHtml && <SafeHtml html={tour.bodyHtml} className="news-body b2c-section" />}
        <Typography.Title level={2} className="section-title">{t('b2c.tour.itinerary')}</Typography.Title>
        {tour.itinerary.map((d, i) => (
          <div className="b2c-day" key={i}>
            <strong>{d.title}</strong>
            <SafeHtml html={d.bodyHtml} className="news-body" />
          </div>
        ))}
        <div className="b2c-grid">
          <div><Typography.Title level={3}>{t('b2c.tour.inclusions')}</Typography.Title><ul>{tour.inclusions.map((x) => <li key={x}>{x}</li>)}</ul></div>
          <div><Typography.Title level={3}>{t('b2c.tour.exclusions')}</Typography.Title><ul>{tour.exclusions.map((x) => <li key={x}>{x}</li>)}</ul></div>
        </div>
      </>
    );
  };

  return (
    <PageFrame
      title={tour?.title ?? t('b2c.tour.title')}
      className="b2c-page"
      extra={
        <span className="b2c-filters">
          {back}
          {config && tour?.status === 'published' && (
            <a href={`${STOREFRONT_PREFIX}${config.slug}#tour-${tour.id}`} target="_blank" rel="noopener noreferrer"><ExportOutlined /> {t('b2c.tour.onStore')}</a>
          )}
          {can?.can && tour && (
            <Link to={linkTo(PAGES.b2c.changeTour, null, { id: tour.id })}>
              <Button icon={<EditOutlined />} data-testid="tour-edit">{t('b2c.tour.edit')}</Button>
            </Link>
          )}
        </span>
      }
    >
      {body()}
    </PageFrame>
  );
}
