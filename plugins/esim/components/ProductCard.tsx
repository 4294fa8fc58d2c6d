/** One package of the catalogue: coverage, data, validity, the agency price and the suggested retail price. */
import { Button, Card, Space, Tag, Typography } from 'antd';
import { GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EsimProduct } from '../../../contract/esim';
import { formatVnd, linkTo, PAGES } from '../../../src/sdk';
import { formatMb } from '../model/usage';

export function coverageText(p: EsimProduct, t: (k: string, o?: Record<string, unknown>) => string): string {
  return p.coverage === 'country' ? p.countries[0]?.name ?? '' : t('esim.common.regionCountries', { region: t(`esim.region.${p.region}`), count: p.countries.length });
}

export function dataText(p: Pick<EsimProduct, 'dataMb' | 'fairUse'>, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (p.dataMb !== null) return formatMb(p.dataMb) ?? '';
  return p.fairUse ? t('esim.common.unlimitedFairUse', { daily: formatMb(p.fairUse.dailyMb), speed: p.fairUse.throttledKbps }) : t('esim.common.unlimited');
}

export function ProductCard({ product, onAdd }: { product: EsimProduct; onAdd: (p: EsimProduct) => void }) {
  const { t } = useTranslation();
  return (
    <Card className="esim-product" size="small" data-testid="esim-product" data-id={product.id} data-price={product.price}>
      <div className="esim-product-head">
        <Typography.Text strong className="esim-product-name">
          {product.name}
        </Typography.Text>
        <Tag icon={product.coverage === 'region' ? <GlobalOutlined /> : undefined} color={product.coverage === 'region' ? 'geekblue' : 'cyan'}>
          {product.coverage === 'region' ? t(`esim.region.${product.region}`) : product.countries[0]?.code}
        </Tag>
      </div>
      <div className="esim-product-facts">
        <span>{coverageText(product, t)}</span>
        <span>{dataText(product, t)}</span>
        <span>{t('esim.common.days', { count: product.validityDays })}</span>
      </div>
      <div className="esim-product-prices">
        <div>
          <Typography.Text type="secondary" className="esim-price-label">
            {t('esim.products.agencyPrice')}
          </Typography.Text>
          <div className="esim-price money">{formatVnd(product.price)}</div>
        </div>
        <div className="esim-retail">
          <Typography.Text type="secondary" className="esim-price-label">
            {t('esim.products.retailPrice')}
          </Typography.Text>
          <div className="money">{formatVnd(product.retailPrice)}</div>
        </div>
      </div>
      <Space className="esim-product-actions" wrap>
        <Link to={linkTo(PAGES.esim.productDetail, null, { id: product.id })}>{t('esim.products.details')}</Link>
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => onAdd(product)} data-testid="esim-add">
          {t('esim.products.add')}
        </Button>
      </Space>
    </Card>
  );
}
