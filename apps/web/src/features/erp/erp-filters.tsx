import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../components/select-filter';
import { TextFilter } from '../../components/text-filter';
import { useErpLocations } from './api/get-erp-locations';

/** The orders offered: the largest differences first (the default), then by sign, GTIN or store. */
export const ORDERS = ['-abs_difference', 'difference', '-difference', 'gtin', 'location'] as const;

/** The filters as typed: location, GTIN, order and "only differences". */
export type ErpFilterValues = { location: string; gtin: string; orderBy: string; onlyDifferences: boolean };

/** The differences' filters: location, GTIN, order and "only differences". */
export const ErpFilters = ({
  value: { location, gtin, orderBy, onlyDifferences },
  set,
}: {
  value: ErpFilterValues;
  set: (patch: Partial<ErpFilterValues>) => void;
}) => {
  const { t } = useTranslation(['erp', 'common']);
  const locations = useErpLocations();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      <SelectFilter
        label={t('filters.location')}
        allLabel={t('filters.allLocations')}
        value={location}
        onChange={(value) => set({ location: value })}
        options={(locations.data?.results ?? []).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.description}` }))}
        testId="erp-filter-location"
      />
      <TextFilter
        label={t('filters.gtin')}
        value={gtin}
        onChange={(value) => set({ gtin: value })}
        testId="erp-filter-gtin"
        numeric
      />
      <SelectFilter
        label={t('filters.order')}
        value={orderBy}
        onChange={(value) => set({ orderBy: value })}
        options={ORDERS.map((value) => ({ value, label: t(`orders.${value}`) }))}
        testId="erp-filter-order"
        minWidth={180}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={onlyDifferences}
            onChange={(event) => set({ onlyDifferences: event.target.checked })}
            slotProps={{ input: { 'aria-label': t('filters.onlyDifferences') } }}
            data-testid="erp-filter-only-differences"
          />
        }
        label={t('filters.onlyDifferences')}
      />
    </Stack>
  );
};
