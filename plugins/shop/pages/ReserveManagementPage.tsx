/**
 * reverses-shop/management: buy a seat allotment. Find a carrier's direct flights on a route and day (with the
 * seats each booking class has left now), pick a class, then the seats, the net and selling prices and the
 * release time; the form shows what the purchase takes from the deposit (net price × seats) and the balance
 * after it, and asks for a confirmation with the amount (the PIN, for a PIN user, is the shell's dialog). The
 * gateway charges the deposit and takes the seats out of the flight's inventory at once; the list shows it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Modal, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACCOUNTING_API, DEPOSIT_BALANCE_KEY, type Balance } from '../../../contract/accounting';
import { MAX_SALE_SEATS, SHOP_API, SHOP_SOURCES, type ReserveCreated, type ShopFlight, type ShopSource } from '../../../contract/shop';
import { businessToday, DATE_FORMAT, formatDateTime, formatVnd, listFrame, LoadError, PAGES, VndInput } from '../../../src/sdk';
import { RESOURCES } from '../api';
import { shopError } from '../components/errors';
import { defaultReleaseAt, purchaseSummary, saleAttempt, vietnamInstant, type SaleAttempt } from '../model/shop';
import '../shop.css';

/** Domestic airports (the carriers' own channels sell these routes). */
const AIRPORTS = ['HAN', 'SGN', 'DAD', 'HPH', 'HUI', 'DLI', 'PQC', 'CXR', 'BMV', 'VII', 'VCS', 'VCA', 'UIH', 'TBB', 'VDH', 'PXU', 'THD', 'VCL', 'VKG', 'CAH', 'VDO', 'DIN'];

interface Search {
  source: ShopSource;
  from: string;
  to: string;
  departDate: string;
}
interface Picked {
  flight: ShopFlight;
  cls: string;
  seats: number;
  fare: number;
}
interface Values {
  quantity: number;
  netPrice: number;
  sellPrice: number;
  releaseAt: Dayjs;
  note?: string;
}

export default function ReserveManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [searchForm] = Form.useForm<{ source: ShopSource; from: string; to: string; departDate: Dayjs }>();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState<Search | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The values waiting for the confirmation of the purchase. */
  const [confirming, setConfirming] = useState<Values | null>(null);
  /** The purchase's idempotency key: kept while the same purchase is sent again (a retry, the PIN dialog). */
  const attempt = useRef<SaleAttempt | null>(null);
  /** The confirmation's safe choice: focused and scrolled into view when the confirmation appears (the submit button
   * it replaces had the focus; on a narrow screen the confirmation is below the fold). */
  const confirmBack = useRef<HTMLButtonElement>(null);
  const isConfirming = confirming !== null;
  useEffect(() => {
    if (!isConfirming) return;
    confirmBack.current?.focus();
    confirmBack.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isConfirming]);

  const flights = useCustom<ShopFlight[], HttpError>({
    url: SHOP_API.flights,
    method: 'get',
    config: { query: search ?? {} },
    meta: { silent: true },
    queryOptions: { queryKey: ['shop-flights', search], enabled: search !== null, retry: false },
    errorNotification: false,
  });
  const list = useMemo(() => (flights.query.data ? (flights.result.data as ShopFlight[]) : []), [flights.query.data, flights.result.data]);
  const { mutate, mutation } = useCustomMutation<ReserveCreated>();
  // the deposit the purchase is taken from (the header's own query: one request, the same answer)
  const deposit = useCustom<Balance, HttpError>({
    url: ACCOUNTING_API.balance,
    method: 'get',
    meta: { silent: true, overlay: false },
    errorNotification: false,
    queryOptions: { queryKey: DEPOSIT_BALANCE_KEY, staleTime: 0 },
  });
  const depositNow = deposit.query.data?.data ?? null;
  const quantityTyped = Form.useWatch('quantity', form);
  const netTyped = Form.useWatch('netPrice', form);
  const summary = purchaseSummary(quantityTyped, netTyped, depositNow);

  const pick = (flight: ShopFlight, cls: string, seats: number, fare: number) => {
    setPicked({ flight, cls, seats, fare });
    setError(null);
    setConfirming(null);
    const release = defaultReleaseAt(vietnamInstant(flight.departDateTime), new Date());
    form.setFieldsValue({ quantity: Math.min(seats, MAX_SALE_SEATS), netPrice: fare, sellPrice: fare, releaseAt: release ? dayjs(release) : undefined });
  };

  const create = (v: Values) => {
    if (!picked || !search) {
      setError(t('shop.management.chooseFirst'));
      return;
    }
    setError(null);
    const body = {
      ...search,
      flightNo: picked.flight.flightNo,
      class: picked.cls,
      quantity: v.quantity,
      netPrice: v.netPrice,
      sellPrice: v.sellPrice,
      releaseAt: v.releaseAt.toISOString(),
      note: v.note?.trim() || undefined,
    };
    // the same purchase sent again keeps its key: bought and charged once
    attempt.current = saleAttempt(attempt.current, JSON.stringify(body), () => crypto.randomUUID());
    mutate(
      {
        url: SHOP_API.reserves,
        method: 'post',
        values: { ...body, idempotencyKey: attempt.current.key },
        meta: { silent: true },
        successNotification: (res) => ({ type: 'success', message: t('shop.management.created', { amount: formatVnd(res?.data.amount ?? 0), balance: formatVnd(res?.data.balanceAfter ?? 0) }) }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          attempt.current = null;
          // the allotments and the header's balance
          void invalidate({ invalidates: ['all'] });
          navigate(PAGES.shop.list);
        },
        onError: (e) => {
          setConfirming(null);
          setError(shopError(t, e));
          void flights.query.refetch();
          void deposit.query.refetch();
        },
      },
    );
  };

  const maxSeats = picked ? Math.min(picked.seats, MAX_SALE_SEATS) : MAX_SALE_SEATS;

  return (
    <List resource={RESOURCES.management} canCreate={false} {...listFrame(t('shop.management.title'), 'shop-page shop-management')}>
      <Typography.Paragraph type="secondary" className="shop-intro">
        {t('shop.management.lead')}
      </Typography.Paragraph>
      <Form
        form={searchForm}
        layout="vertical"
        className="shop-search"
        initialValues={{ source: 'VN', from: 'HAN', to: 'SGN', departDate: dayjs(businessToday()).add(14, 'day') }}
        onFinish={(v) => {
          setPicked(null);
          setSearch({ source: v.source, from: v.from, to: v.to, departDate: v.departDate.format('YYYY-MM-DD') });
        }}
      >
        <Form.Item name="source" label={t('shop.management.source')} rules={[{ required: true, message: t('shop.management.rules.required') }]}>
          <Select options={SHOP_SOURCES.map((s) => ({ value: s, label: s }))} data-testid="shop-source" />
        </Form.Item>
        <Form.Item name="from" label={t('shop.management.from')} rules={[{ required: true, message: t('shop.management.rules.airport') }]}>
          <Select showSearch options={AIRPORTS.map((a) => ({ value: a, label: a }))} data-testid="shop-from" />
        </Form.Item>
        <Form.Item
          name="to"
          label={t('shop.management.to')}
          dependencies={['from']}
          rules={[
            { required: true, message: t('shop.management.rules.airport') },
            ({ getFieldValue }) => ({ validator: (_, v) => (v && v === getFieldValue('from') ? Promise.reject(new Error(t('shop.errors.sameAirports'))) : Promise.resolve()) }),
          ]}
        >
          <Select showSearch options={AIRPORTS.map((a) => ({ value: a, label: a }))} data-testid="shop-to" />
        </Form.Item>
        <Form.Item name="departDate" label={t('shop.management.departDate')} rules={[{ required: true, message: t('shop.management.rules.required') }]}>
          <DatePicker format={DATE_FORMAT} allowClear={false} disabledDate={(d) => d.isBefore(dayjs(businessToday()), 'day')} data-testid="shop-date" />
        </Form.Item>
        <Form.Item label=" " className="shop-search-button">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={flights.query.isFetching} data-testid="shop-find">
            {t('shop.management.find')}
          </Button>
        </Form.Item>
      </Form>

      {flights.query.isError && <LoadError className="shop-alert" onRetry={() => void flights.query.refetch()} />}
      {search && flights.query.isLoading && <Skeleton active />}
      {search && flights.query.isSuccess && list.length === 0 && <Empty description={t('shop.management.noFlights')} />}
      <div className="shop-flights" data-testid="shop-flights">
        {list.map((f) => (
          <Card key={f.flightNo} size="small" className={picked?.flight.flightNo === f.flightNo ? 'shop-flight-card shop-flight-picked' : 'shop-flight-card'}>
            <div className="shop-flight-head">
              <strong>{f.flightNo}</strong>
              <span>{`${f.from} ${f.departDateTime.slice(11)} → ${f.to} ${f.arrivalDateTime.slice(11)}`}</span>
            </div>
            <Space wrap size={4}>
              {f.classes.filter((c) => c.seatAvailable > 0).map((c) => (
                <Button
                  key={c.class}
                  size="small"
                  type={picked?.flight.flightNo === f.flightNo && picked.cls === c.class ? 'primary' : 'default'}
                  onClick={() => pick(f, c.class, c.seatAvailable, c.fareADT)}
                  aria-label={t('shop.management.pick', { class: c.class, count: c.seatAvailable })}
                  data-testid={`pick-${f.flightNo}-${c.class}`}
                  data-seats={c.seatAvailable}
                >
                  {`${c.class} · ${c.seatAvailable}`}
                </Button>
              ))}
            </Space>
          </Card>
        ))}
      </div>

      <Modal
        open={picked !== null}
        title={picked ? t('shop.management.picked', { flightNo: picked.flight.flightNo, class: picked.cls }) : ''}
        onCancel={() => {
          setPicked(null);
          setConfirming(null);
        }}
        footer={null}
        destroyOnHidden={false}
        forceRender
      >
        {picked && (
          <Space wrap className="shop-picked-facts">
            <Tag color="green">{t('shop.management.seatsLeft', { count: picked.seats })}</Tag>
            <Typography.Text type="secondary">{`${formatDateTime(vietnamInstant(picked.flight.departDateTime).toISOString())} · ${formatVnd(picked.fare)}`}</Typography.Text>
          </Space>
        )}
        <Form<Values> form={form} layout="vertical" onFinish={(v) => setConfirming(v)} className="shop-create-form" scrollToFirstError disabled={confirming !== null}>
          <Form.Item name="quantity" label={t('shop.management.quantity')} rules={[{ required: true, type: 'integer', min: 1, max: maxSeats, message: t('shop.management.rules.quantity', { max: maxSeats }) }]}>
            <InputNumber min={1} max={maxSeats} precision={0} autoFocus data-testid="shop-quantity" />
          </Form.Item>
          <Form.Item name="netPrice" label={t('shop.management.netPrice')} rules={[{ required: true, type: 'integer', min: 0, message: t('shop.management.rules.price') }]}>
            <VndInput min={0} className="shop-full" data-testid="shop-net" />
          </Form.Item>
          <Form.Item
            name="sellPrice"
            label={t('shop.management.sellPrice')}
            dependencies={['netPrice']}
            rules={[
              { required: true, type: 'integer', min: 0, message: t('shop.management.rules.price') },
              ({ getFieldValue }) => ({ validator: (_, v: number) => (v < (getFieldValue('netPrice') as number) ? Promise.reject(new Error(t('shop.errors.sellBelowNet'))) : Promise.resolve()) }),
            ]}
          >
            <VndInput min={0} className="shop-full" data-testid="shop-sell" />
          </Form.Item>
          <Form.Item name="releaseAt" label={t('shop.management.releaseAt')} rules={[{ required: true, message: t('shop.management.rules.required') }]}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 30 }} format={`${DATE_FORMAT} HH:mm`} className="shop-full" data-testid="shop-release" />
          </Form.Item>
          <Form.Item name="note" label={t('shop.management.note')} className="shop-create-note">
            <Input maxLength={200} />
          </Form.Item>
          <div className="shop-purchase" data-testid="shop-purchase" data-amount={summary?.amount ?? ''} role="status">
            <div>
              <Typography.Text type="secondary">{t('shop.management.amount')}</Typography.Text>
              <strong data-testid="shop-amount">{summary ? formatVnd(summary.amount) : '—'}</strong>
            </div>
            <div>
              <Typography.Text type="secondary">{t('shop.management.balanceAfter')}</Typography.Text>
              <strong data-testid="shop-balance-after" className={summary?.covered === false ? 'shop-not-covered' : undefined}>
                {summary?.balanceAfter !== null && summary?.balanceAfter !== undefined ? formatVnd(summary.balanceAfter) : '—'}
              </strong>
            </div>
          </div>
          {summary?.covered === false && <Alert type="warning" showIcon message={t('shop.management.notCovered')} className="shop-alert" data-testid="shop-not-covered" />}
          <Typography.Paragraph type="secondary" className="shop-terms">
            {t('shop.management.terms')}
          </Typography.Paragraph>
          {confirming === null && (
            <Button type="primary" htmlType="submit" data-testid="shop-create">
              {t('shop.management.create')}
            </Button>
          )}
        </Form>
        {confirming && (
          <div className="shop-confirm" data-testid="shop-confirm">
            <Alert
              type="warning"
              showIcon
              role="alert"
              message={t('shop.management.confirm', { amount: formatVnd(confirming.quantity * confirming.netPrice), count: confirming.quantity })}
              description={t('shop.management.confirmText')}
            />
            <Space wrap className="shop-confirm-actions">
              <Button ref={confirmBack} onClick={() => setConfirming(null)} disabled={mutation.isPending} data-testid="shop-confirm-back">
                {t('shop.management.back')}
              </Button>
              <Button type="primary" danger loading={mutation.isPending} onClick={() => create(confirming)} data-testid="shop-confirm-ok">
                {t('shop.management.buy')}
              </Button>
            </Space>
          </div>
        )}
        {error && <Alert type="error" showIcon role="alert" message={error} className="shop-alert" data-testid="shop-error" />}
      </Modal>
    </List>
  );
}
