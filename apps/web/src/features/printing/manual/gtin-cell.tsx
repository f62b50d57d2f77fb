import { Autocomplete } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type GtinPickOption, renderGtinInput, renderGtinPickOption, useItemTypeText } from '../../../components/item-type';
import { useDebounced } from '../../../lib/use-debounced';
import { PRINT_GTIN_SEARCH_MIN, usePrintGtinSearch } from '../api/search-gtins';
import type { Row } from './manual-form';

/** A row's GTIN: typed, searched from 8 characters on, picked, or created ('Create' opens the add-GTIN dialog). */
export const GtinCell = ({
  row,
  index,
  onChange,
  onCreate,
}: {
  row: Row & { error?: string | undefined };
  index: number;
  onChange: (patch: Partial<Row>) => void;
  onCreate: (gtin: string) => void;
}) => {
  const { t } = useTranslation('printing');
  // The GTIN chosen reads in full under the field: description, size and colour.
  const variantText = useItemTypeText();
  const text = useDebounced(row.gtin.trim());
  const search = usePrintGtinSearch(text);
  const found = text.length >= PRINT_GTIN_SEARCH_MIN ? (search.data ?? []) : [];
  const typed = row.gtin.trim();
  const options: GtinPickOption[] = found.map((item) => ({ kind: 'gtin', item }));
  const isExact = found.some((item) => item.gtin === typed.padStart(14, '0'));
  if (/^\d{8,14}$/.test(typed) && !isExact && !search.isFetching) options.push({ kind: 'create', gtin: typed });
  return (
    <Autocomplete<GtinPickOption, false, false, true>
      freeSolo
      options={options}
      filterOptions={(list) => list}
      inputValue={row.gtin}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') onChange({ gtin: value, description: '' });
      }}
      onChange={(_, value) => {
        if (!value || typeof value === 'string') return;
        if (value.kind === 'create') onCreate(value.gtin);
        else onChange({ gtin: value.item.gtin, description: variantText(value.item) });
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.kind === 'gtin' ? option.item.gtin : option.gtin)}
      renderOption={renderGtinPickOption((gtin) => t('manual.create', { gtin }))}
      loading={search.isFetching}
      loadingText={t('manual.searching')}
      noOptionsText={
        typed.length < PRINT_GTIN_SEARCH_MIN ? t('manual.typeMore', { count: PRINT_GTIN_SEARCH_MIN }) : t('manual.noMatch')
      }
      fullWidth
      renderInput={renderGtinInput({
        label: t('fields.gtin'),
        error: row.error,
        helperText: row.description || undefined,
        testId: `manual-gtin-${index}`,
      })}
    />
  );
};
