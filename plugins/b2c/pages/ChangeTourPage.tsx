/**
 * /b2c/change-tour (USE_B2C): writes a tour — `?id=<id>` changes one, without it a new one. Title, summary,
 * destination, days, description and the itinerary by day (the shared rich-text editor; the gateway
 * sanitises), images under the upload rules, inclusions and exclusions, departures with seats and prices per
 * passenger type, and the status (draft, published, closed).
 */
import { Alert, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useCreate, useInvalidate, useOne, useUpdate, type HttpError } from '@refinedev/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TOUR_STATUSES, type Tour, type TourInput } from '../../../contract/b2c';
import { businessToday, ImageUpload, linkTo, LoadError, PageFrame, PAGES, RichTextEditor, VndInput } from '../../../src/sdk';
import { RESOURCES, TOURS_META } from '../api';
import { emptyTour, tourToValues, valuesToInput, type TourFormValues } from '../model/tour-form';
import '../b2c.css';

function ImagesField({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="b2c-images">
      {value.map((id, i) => (
        <ImageUpload key={id} value={id} label={t('b2c.changeTour.image')} onChange={(next) => onChange?.(next ? value.map((x, j) => (j === i ? next : x)) : value.filter((_, j) => j !== i))} />
      ))}
      {value.length < 12 && <ImageUpload key={`new-${value.length}`} value={null} label={t('b2c.changeTour.addImage')} onChange={(next) => next && onChange?.([...value, next])} />}
    </div>
  );
}

function DateField({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      format="DD/MM/YYYY"
      aria-label={label}
      style={{ width: '100%' }}
      disabledDate={(d) => d.format('YYYY-MM-DD') < businessToday()}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
    />
  );
}

export default function ChangeTourPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const id = params.get('id');
  const editing = id !== null && /^\d{1,9}$/.test(id);
  const [form] = Form.useForm<TourFormValues>();
  const { result: tour, query } = useOne<Tour, HttpError>({ resource: RESOURCES.tours, id: id ?? '', meta: TOURS_META, queryOptions: { enabled: editing, retry: false }, errorNotification: false });
  const { mutateAsync: create, mutation: { isPending: creating } } = useCreate<Tour, HttpError, TourInput>();
  const { mutateAsync: update, mutation: { isPending: updating } } = useUpdate<Tour, HttpError, TourInput>();

  const title = editing ? t('b2c.changeTour.editTitle') : t('b2c.changeTour.createTitle');
  if (editing && query.isLoading) return <PageFrame title={title} className="b2c-page"><Skeleton active paragraph={{ rows: 12 }} /></PageFrame>;
  if (editing && query.isError) return <PageFrame title={title} className="b2c-page"><LoadError onRetry={() => void query.refetch()} /></PageFrame>;

  const errorNotification = (e?: HttpError) => {
    const reason = (e as { data?: { reason?: string } } | undefined)?.data?.reason;
    return { type: 'error' as const, message: reason ? t(`b2c.changeTour.errors.${reason}`, { defaultValue: e?.message ?? '' }) : (e?.message ?? t('b2c.common.failed')) };
  };
  const submit = async (v: TourFormValues) => {
    const values = valuesToInput(v);
    const successNotification = () => ({ type: 'success' as const, message: t('b2c.changeTour.saved') });
    const saved = editing
      ? await update({ resource: RESOURCES.tours, id: id!, values, meta: TOURS_META, successNotification, errorNotification })
      : await create({ resource: RESOURCES.tours, values, meta: TOURS_META, successNotification, errorNotification });
    await invalidate({ resource: RESOURCES.tours, invalidates: ['list', 'detail'] });
    navigate(linkTo(PAGES.b2c.tour, { id: saved.data.id }));
  };
  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <PageFrame title={title} className="b2c-page" extra={<Link to={editing ? linkTo(PAGES.b2c.tour, { id: id! }) : PAGES.b2c.tours}><ArrowLeftOutlined /> {t('b2c.common.back')}</Link>}>
      <Form<TourFormValues>
        form={form}
        layout="vertical"
        className="b2c-form"
        initialValues={tour ? tourToValues(tour) : emptyTour()}
        onFinish={(v) => void submit(v).catch(() => undefined)}
        scrollToFirstError
      >
        <Form.Item name="title" label={t('b2c.changeTour.name')} rules={[...required(t('b2c.changeTour.nameRequired')), { max: 200 }]}>
          <Input maxLength={200} data-testid="tour-title" />
        </Form.Item>
        <div className="b2c-grid">
          <Form.Item name="destination" label={t('b2c.tours.destination')}><Input maxLength={120} /></Form.Item>
          <Form.Item name="days" label={t('b2c.tours.days')} rules={[{ required: true, type: 'number', min: 1, max: 60, message: t('b2c.changeTour.daysRange') }]}>
            <InputNumber min={1} max={60} precision={0} />
          </Form.Item>
        </div>
        <Form.Item name="summary" label={t('b2c.changeTour.summary')}><Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} /></Form.Item>
        <Form.Item name="imageUploadIds" label={t('b2c.changeTour.images')}><ImagesField /></Form.Item>
        <Form.Item name="bodyHtml" label={t('b2c.changeTour.description')}><RichTextEditor aria-label={t('b2c.changeTour.description')} /></Form.Item>

        <Typography.Title level={2} className="section-title">{t('b2c.tour.itinerary')}</Typography.Title>
        <Form.List name="itinerary">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <div className="b2c-day" key={f.key}>
                  <Space.Compact block>
                    <Form.Item name={[f.name, 'title']} label={t('b2c.changeTour.dayTitle', { n: i + 1 })} rules={required(t('b2c.changeTour.dayTitleRequired'))} style={{ flex: 1 }}>
                      <Input maxLength={200} placeholder={t('b2c.changeTour.dayPlaceholder', { n: i + 1 })} />
                    </Form.Item>
                  </Space.Compact>
                  <Form.Item name={[f.name, 'bodyHtml']}><RichTextEditor aria-label={t('b2c.changeTour.dayTitle', { n: i + 1 })} /></Form.Item>
                  <Button danger icon={<DeleteOutlined />} onClick={() => remove(f.name)}>{t('b2c.changeTour.removeDay')}</Button>
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ title: '', bodyHtml: '' })}>{t('b2c.changeTour.addDay')}</Button>
            </>
          )}
        </Form.List>

        <Typography.Title level={2} className="section-title">{t('b2c.tour.departures')}</Typography.Title>
        <Form.List name="departures">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => {
                const taken = (form.getFieldValue(['departures', f.name, 'seatsTaken']) as number | undefined) ?? 0;
                return (
                  <div className="b2c-departure" key={f.key} data-testid="departure-row">
                    <Form.Item name={[f.name, 'date']} label={t('b2c.departure.date')} rules={[{ required: true, message: t('b2c.changeTour.dateRequired') }]}>
                      <DateField label={t('b2c.departure.date')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'seatsTotal']} label={t('b2c.departure.seatsTotal')} extra={taken ? t('b2c.changeTour.taken', { count: taken }) : undefined}
                      rules={[{ required: true, type: 'number', min: Math.max(1, taken), message: t('b2c.changeTour.seatsMin', { min: Math.max(1, taken) }) }]}>
                      <InputNumber min={1} max={1000} precision={0} aria-label={t('b2c.departure.seatsTotal')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'adult']} label={t('b2c.pax.adult')} rules={[{ required: true, type: 'number', min: 1, message: t('b2c.changeTour.priceRequired') }]}>
                      <VndInput min={0} aria-label={t('b2c.pax.adult')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'child']} label={t('b2c.pax.child')} rules={[{ required: true, message: t('b2c.changeTour.priceRequired') }]}>
                      <VndInput min={0} aria-label={t('b2c.pax.child')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'infant']} label={t('b2c.pax.infant')} rules={[{ required: true, message: t('b2c.changeTour.priceRequired') }]}>
                      <VndInput min={0} aria-label={t('b2c.pax.infant')} />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button danger icon={<DeleteOutlined />} disabled={taken > 0} aria-label={t('b2c.changeTour.removeDeparture')} onClick={() => remove(f.name)} />
                    </Form.Item>
                  </div>
                );
              })}
              <Button icon={<PlusOutlined />} onClick={() => add({ date: '', seatsTotal: 20, adult: 0, child: 0, infant: 0 })} data-testid="departure-add">{t('b2c.changeTour.addDeparture')}</Button>
            </>
          )}
        </Form.List>

        <div className="b2c-grid b2c-section">
          <Form.Item name="inclusions" label={t('b2c.tour.inclusions')} extra={t('b2c.changeTour.listHint')}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[';']} aria-label={t('b2c.tour.inclusions')} />
          </Form.Item>
          <Form.Item name="exclusions" label={t('b2c.tour.exclusions')} extra={t('b2c.changeTour.listHint')}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[';']} aria-label={t('b2c.tour.exclusions')} />
          </Form.Item>
        </div>
        <Form.Item name="status" label={t('b2c.tours.status')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={TOUR_STATUSES.map((s) => ({ value: s, label: t(`b2c.tourStatus.${s}`) }))} />
        </Form.Item>
        <Alert type="info" showIcon className="form-alert" message={t('b2c.changeTour.statusHint')} />
        <Space wrap style={{ marginTop: 12 }}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={creating || updating} data-testid="tour-save">{t('b2c.common.save')}</Button>
          <Link to={PAGES.b2c.tours}><Button tabIndex={-1}>{t('b2c.common.cancel')}</Button></Link>
        </Space>
      </Form>
    </PageFrame>
  );
}
