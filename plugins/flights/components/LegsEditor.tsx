/** The legs of a multi-city search: add / remove (2 to 6), default dates and sorting by model/multi-leg.ts. */
import type { Dispatch } from 'react';
import { Button, DatePicker, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { canAddLeg, canRemoveLeg, DATE_FORMAT, isSelectableDate, type MultiFlightAction, type MultiFlightLeg } from '../model';
import { PlacePicker } from './PlacePicker';

export interface LegsEditorProps {
  legs: readonly MultiFlightLeg[];
  dispatch: Dispatch<MultiFlightAction>;
  today: string;
  showErrors?: boolean;
}

export function LegsEditor({ legs, dispatch, today, showErrors }: LegsEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="fl-legs" data-testid="legs-editor">
      {legs.map((leg, index) => (
        <div className="fl-leg-row" key={`${index}-${leg.departureTime}`} data-testid={`leg-${index}`}>
          <span className="fl-leg-no">{t('flights.multi.leg', { n: index + 1 })}</span>
          <PlacePicker
            value={leg.from}
            aria-label={`${t('flights.multi.leg', { n: index + 1 })} – ${t('flights.search.from')}`}
            placeholder={t('flights.search.from')}
            status={showErrors && !leg.from ? 'error' : undefined}
            onChange={(code, airport) => dispatch({ type: 'UPDATE_LEG', index, patch: { from: code, selectedDeparture: code ? { value: code, label: airport?.cityVi } : null } })}
          />
          <PlacePicker
            value={leg.to}
            aria-label={`${t('flights.multi.leg', { n: index + 1 })} – ${t('flights.search.to')}`}
            placeholder={t('flights.search.to')}
            status={showErrors && (!leg.to || leg.to === leg.from) ? 'error' : undefined}
            onChange={(code, airport) => dispatch({ type: 'UPDATE_LEG', index, patch: { to: code, selectedArrival: code ? { value: code, label: airport?.cityVi } : null } })}
          />
          <DatePicker
            aria-label={`${t('flights.multi.leg', { n: index + 1 })} – ${t('flights.search.depart')}`}
            value={dayjs(leg.departureTime)}
            format="DD/MM/YYYY"
            allowClear={false}
            inputReadOnly
            disabledDate={(d) => !isSelectableDate(d.format(DATE_FORMAT), today)}
            onChange={(d) => d && dispatch({ type: 'UPDATE_LEG', index, patch: { departureTime: d.format(DATE_FORMAT) } })}
          />
          <Tooltip title={t('flights.multi.removeLeg')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('flights.multi.removeLeg')} ${index + 1}`}
              disabled={!canRemoveLeg(legs)}
              onClick={() => dispatch({ type: 'REMOVE_LEG', index })}
            />
          </Tooltip>
        </div>
      ))}
      <Button icon={<PlusOutlined />} disabled={!canAddLeg(legs)} onClick={() => dispatch({ type: 'ADD_LEG', today })}>
        {t('flights.multi.addLeg')}
      </Button>
    </div>
  );
}
