/** Sort options, the price select (basic / full), hide-issue-fee and, on small screens, the filter button. */
import { Badge, Button, Checkbox, Segmented, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRICE_MODES, SORT_OPTIONS, type PriceMode, type SortOption } from '../model';

export interface ResultsToolbarProps {
  sort: SortOption;
  onSort: (sort: SortOption) => void;
  priceMode: PriceMode;
  onPriceMode: (mode: PriceMode) => void;
  hiddenIssueFee: boolean;
  onHiddenIssueFee: (value: boolean) => void;
  count: number;
  small: boolean;
  activeFilters: number;
  onOpenFilters: () => void;
}

export function ResultsToolbar(p: ResultsToolbarProps) {
  const { t } = useTranslation();
  const sortOptions = SORT_OPTIONS.map((s) => ({ value: s, label: t(`flights.sort.${s}`) }));
  return (
    <div className="fl-toolbar" data-testid="results-toolbar">
      {p.small ? (
        <Select className="fl-sort-select" aria-label={t('flights.sort.label')} value={p.sort} onChange={p.onSort} options={sortOptions} data-testid="sort-select" />
      ) : (
        <Segmented value={p.sort} onChange={(v) => p.onSort(v as SortOption)} options={sortOptions} aria-label={t('flights.sort.label')} data-testid="sort-segmented" />
      )}
      <Select
        className="fl-price-select"
        aria-label={t('flights.priceMode.label')}
        value={p.priceMode}
        onChange={p.onPriceMode}
        options={PRICE_MODES.map((m) => ({ value: m, label: t(`flights.priceMode.${m}`) }))}
        popupMatchSelectWidth={false}
      />
      <Checkbox checked={p.hiddenIssueFee} onChange={(e) => p.onHiddenIssueFee(e.target.checked)}>{t('flights.results.hideIssueFee')}</Checkbox>
      <span className="fl-toolbar-count muted" data-testid="results-count">{t('flights.results.count', { count: p.count })}</span>
      {p.small && (
        <Badge count={p.activeFilters} size="small">
          <Button icon={<FilterOutlined />} onClick={p.onOpenFilters} data-testid="open-filters">{t('flights.filters.title')}</Button>
        </Badge>
      )}
    </div>
  );
}
