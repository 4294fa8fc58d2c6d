/** The filters of booking/search: PNR, passenger name, airline, status, booking and flight date ranges, agent. */
import { useEffect } from 'react';
import { AutoComplete, Button, Form, Input, Select } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BOOKING_STATUSES } from '../../../../contract/bookings-rules';
import { DATE_FORMAT, LazyRangePicker } from '../../../../src/sdk';
import type { SearchFilters } from '../../model/search';
import { AgentSelect } from './AgentSelect';

type Range = [Dayjs | null, Dayjs | null] | undefined;

interface FormValues {
  pnr?: string;
  name?: string;
  airline?: string;
  status?: SearchFilters['status'];
  booked?: Range;
  flight?: Range;
  agentId?: number;
}

const DOMESTIC = ['VN', 'VJ', 'QH', 'VU'];

const toRange = (from?: string, to?: string): Range => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined);
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

export function formToFilters(v: FormValues): SearchFilters {
  return {
    pnr: v.pnr?.trim().toUpperCase() || undefined,
    name: v.name?.trim() || undefined,
    airline: v.airline?.trim().toUpperCase() || undefined,
    status: v.status,
    bookedFrom: day(v.booked?.[0]),
    bookedTo: day(v.booked?.[1]),
    flightFrom: day(v.flight?.[0]),
    flightTo: day(v.flight?.[1]),
    agentId: v.agentId,
  };
}

export function BookingFilters({ value, showAgent, onSearch }: { value: SearchFilters; showAgent: boolean; onSearch: (f: SearchFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();

  // the URL is the truth: back and forward refill the form
  useEffect(() => {
    form.setFieldsValue({
      pnr: value.pnr,
      name: value.name,
      airline: value.airline,
      status: value.status,
      booked: toRange(value.bookedFrom, value.bookedTo),
      flight: toRange(value.flightFrom, value.flightTo),
      agentId: value.agentId,
    });
  }, [form, value]);

  return (
    <Form<FormValues> form={form} layout="vertical" className="bkm-filters" onFinish={(v) => onSearch(formToFilters(v))} data-testid="booking-filters">
      <Form.Item name="pnr" label={t('bookings.search.pnr')}>
        <Input maxLength={6} allowClear placeholder="ABC123" className="bkm-upper" />
      </Form.Item>
      <Form.Item name="name" label={t('bookings.search.name')}>
        <Input maxLength={60} allowClear placeholder={t('bookings.search.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="airline" label={t('bookings.search.airline')} rules={[{ pattern: /^\s*[A-Za-z0-9]{2}\s*$/, message: t('bookings.search.airlineRule') }]}>
        {/* the domestic carriers offered, any other two-character code typed (GDS carriers) */}
        <AutoComplete allowClear placeholder={t('bookings.search.all')} options={DOMESTIC.map((a) => ({ value: a, label: a }))} filterOption={(input, o) => String(o?.value ?? '').startsWith(input.toUpperCase())}>
          <Input maxLength={2} className="bkm-upper" />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="status" label={t('bookings.search.status')}>
        <Select allowClear placeholder={t('bookings.search.all')} options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`bookings.bookingStatus.${s}`) }))} />
      </Form.Item>
      <Form.Item name="booked" label={t('bookings.search.booked')}>
        <LazyRangePicker format={DATE_FORMAT} allowEmpty={[true, true]} className="bkm-range" />
      </Form.Item>
      <Form.Item name="flight" label={t('bookings.search.flight')}>
        <LazyRangePicker format={DATE_FORMAT} allowEmpty={[true, true]} className="bkm-range" />
      </Form.Item>
      {showAgent && (
        <Form.Item name="agentId" label={t('bookings.search.agent')}>
          <AgentSelect />
        </Form.Item>
      )}
      <div className="bkm-filter-buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="booking-search-submit">
          {t('bookings.search.submit')}
        </Button>
        <Button
          icon={<ClearOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('bookings.search.reset')}
        </Button>
      </div>
    </Form>
  );
}
