/**
 * /esim/product-detail?id=: one package — coverage with the networks of each country, validity, data and
 * fair use, supported devices and how to install — with both prices and a quantity to put in the cart.
 */
import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Empty, InputNumber, List, Row, Skeleton, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ESIM_MAX_QUANTITY, type EsimProductDetail } from '../../../contract/esim';
import { formatVnd, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { PRODUCTS_META, RESOURCES } from '../api';
import { useCart } from '../components/cart-store';
import { CartButton } from '../components/CartButton';
import { dataText } from '../components/ProductCard';
import { addItem } from '../model/cart';
import '../esim.css';

const INSTALL_STEPS = ['wifi', 'open', 'scan', 'roaming'] as const;

export default function ProductDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [, update] = useCart();
  const [quantity, setQuantity] = useState(1);
  const { result: product, query } = useOne<EsimProductDetail, HttpError>({ resource: RESOURCES.products, id, meta: PRODUCTS_META, queryOptions: { enabled: id !== '', retry: false }, errorNotification: false });
  const back = (
    <Link to={PAGES.esim.products}>
      <ArrowLeftOutlined /> {t('esim.detail.back')}
    </Link>
  );

  const body = () => {
    if (!id || query.error?.statusCode === 404) return <Empty description={t('esim.detail.notFound')}>{back}</Empty>;
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    if (query.isLoading || !product) return <Skeleton active paragraph={{ rows: 8 }} />;
    return (
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card title={product.name} size="small" data-testid="esim-detail">
            <Descriptions column={1} size="small" bordered className="esim-descriptions">
              <Descriptions.Item label={t('esim.detail.coverage')}>
                {product.coverage === 'country' ? product.countries[0]?.name : t('esim.common.regionCountries', { region: t(`esim.region.${product.region}`), count: product.countries.length })}
              </Descriptions.Item>
              <Descriptions.Item label={t('esim.detail.data')}>{dataText(product, t)}</Descriptions.Item>
              <Descriptions.Item label={t('esim.detail.validity')}>{t('esim.detail.validityText', { count: product.validityDays })}</Descriptions.Item>
              <Descriptions.Item label={t('esim.detail.fairUse')}>
                {product.fairUse ? t('esim.detail.fairUseText', { daily: `${product.fairUse.dailyMb / 1024} GB`, speed: product.fairUse.throttledKbps }) : t('esim.detail.noFairUse')}
              </Descriptions.Item>
              <Descriptions.Item label={t('esim.detail.technology')}>
                {product.technology} · {product.hotspot ? t('esim.detail.hotspot') : t('esim.detail.noHotspot')} · {t('esim.detail.dataOnly')}
              </Descriptions.Item>
              <Descriptions.Item label={t('esim.detail.topUp')}>{product.topUp ? t('esim.detail.topUpYes') : t('esim.detail.topUpNo')}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} className="esim-section-title">
              {t('esim.detail.networks')}
            </Typography.Title>
            <Table
              size="small"
              rowKey="code"
              pagination={product.networks.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={product.networks}
              columns={[
                { title: t('esim.detail.country'), dataIndex: 'name', key: 'name' },
                { title: t('esim.detail.operators'), key: 'networks', render: (_, r) => r.networks.join(', ') },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card size="small" className="esim-buy">
            <div className="esim-product-prices">
              <div>
                <Typography.Text type="secondary" className="esim-price-label">
                  {t('esim.products.agencyPrice')}
                </Typography.Text>
                <div className="esim-price money" data-testid="esim-detail-price">
                  {formatVnd(product.price)}
                </div>
              </div>
              <div className="esim-retail">
                <Typography.Text type="secondary" className="esim-price-label">
                  {t('esim.products.retailPrice')}
                </Typography.Text>
                <div className="money">{formatVnd(product.retailPrice)}</div>
              </div>
            </div>
            <Space wrap className="esim-buy-row">
              <InputNumber min={1} max={ESIM_MAX_QUANTITY} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)} aria-label={t('esim.detail.quantity')} />
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="esim-detail-add"
                onClick={() => {
                  update((c) => addItem(c, product, quantity));
                  void message.success(t('esim.products.added', { name: product.name }));
                }}
              >
                {t('esim.products.add')}
              </Button>
            </Space>
          </Card>
          <Card size="small" title={t('esim.detail.devices')} className="esim-side-card">
            <List size="small" dataSource={product.supportedDevices} renderItem={(d) => <List.Item>{d}</List.Item>} />
            <Typography.Paragraph type="secondary" className="esim-note">
              {t('esim.detail.devicesNote')}
            </Typography.Paragraph>
          </Card>
          <Card size="small" title={t('esim.detail.install')} className="esim-side-card">
            <ol className="esim-steps">
              {INSTALL_STEPS.map((s) => (
                <li key={s}>{t(`esim.install.${s}`)}</li>
              ))}
            </ol>
            <Typography.Paragraph type="secondary" className="esim-note">
              {t('esim.install.once')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    );
  };

  return (
    <PageFrame title={t('esim.detail.title')} className="esim-page" extra={<CartButton />}>
      <div className="esim-back">{back}</div>
      {body()}
    </PageFrame>
  );
}
