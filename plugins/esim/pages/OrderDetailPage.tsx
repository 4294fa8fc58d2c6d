/** /esim/list-order/{id}: one order — status, customer, lines, total — and every eSIM with its QR code, code, usage and actions. */
import { Alert, Card, Col, Descriptions, Empty, Row, Skeleton, Table } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { EsimOrder } from '../../../contract/esim';
import { formatDateTime, formatVnd, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { ORDERS_META, RESOURCES } from '../api';
import { CartButton } from '../components/CartButton';
import { EsimCard } from '../components/EsimCard';
import { OrderStatusTag } from '../components/StatusTag';
import '../esim.css';

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = /^\d{1,15}$/.test(id);
  const { result: order, query } = useOne<EsimOrder, HttpError>({ resource: RESOURCES.orders, id, meta: ORDERS_META, queryOptions: { enabled: valid, retry: false }, errorNotification: false });
  const back = (
    <Link to={PAGES.esim.orders}>
      <ArrowLeftOutlined /> {t('esim.order.back')}
    </Link>
  );
  const body = () => {
    if (!valid || query.error?.statusCode === 404) return <Empty description={t('esim.order.notFound')}>{back}</Empty>;
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    if (query.isLoading || !order) return <Skeleton active paragraph={{ rows: 8 }} />;
    return (
      <>
        <Card size="small" className="esim-order-head" data-testid="esim-order" data-code={order.code} data-total={order.totalPrice}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('esim.orders.code')}>
              <strong>{order.code}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('esim.orders.status')}>
              <OrderStatusTag status={order.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('esim.orders.createdAt')}>{formatDateTime(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('esim.orders.customer')}>{order.customer.name}</Descriptions.Item>
            <Descriptions.Item label={t('esim.cart.customerEmail')}>{order.customer.email}</Descriptions.Item>
            <Descriptions.Item label={t('esim.cart.customerPhone')}>{order.customer.phone}</Descriptions.Item>
            <Descriptions.Item label={t('esim.orders.agency')}>{order.agencyName}</Descriptions.Item>
            <Descriptions.Item label={t('esim.orders.createdBy')}>{order.createdBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('esim.orders.total')}>
              <strong className="money" data-testid="esim-order-total">
                {formatVnd(order.totalPrice)}
              </strong>
            </Descriptions.Item>
          </Descriptions>
          {order.failure ? <Alert type="error" showIcon message={t('esim.order.failed')} description={order.failure} /> : null}
          <Table
            size="small"
            rowKey="productId"
            pagination={false}
            dataSource={order.items}
            scroll={{ x: 480 }}
            className="esim-lines"
            columns={[
              { title: t('esim.order.package'), dataIndex: 'name', key: 'name' },
              { title: t('esim.order.unitPrice'), dataIndex: 'price', key: 'price', align: 'right', render: (v: number) => formatVnd(v) },
              { title: t('esim.order.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
              { title: t('esim.order.lineTotal'), dataIndex: 'totalPrice', key: 'totalPrice', align: 'right', render: (v: number) => <span className="money">{formatVnd(v)}</span> },
            ]}
          />
        </Card>
        <Row gutter={[12, 12]} className="esim-cards">
          {order.esims.map((e, i) => (
            <Col key={e.iccid} xs={24} xl={12}>
              <EsimCard esim={e} order={order} index={i} />
            </Col>
          ))}
        </Row>
      </>
    );
  };
  return (
    <PageFrame title={order ? t('esim.order.titleOf', { code: order.code }) : t('esim.order.title')} className="esim-page" extra={<CartButton />}>
      <div className="esim-back">{back}</div>
      {body()}
    </PageFrame>
  );
}
