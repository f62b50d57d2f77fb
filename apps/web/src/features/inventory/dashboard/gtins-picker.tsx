import { Autocomplete } from '@mui/material';
import type { ItemType } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { autocompleteInput } from '../../../components/autocomplete-input';
import { ItemTypeOption, itemTypeVariant } from '../../../components/item-type';
import { useDebounced } from '../../../lib/use-debounced';
import { GTIN_SEARCH_MIN, useSearchGtins } from '../api/search-gtins';

/** The GTINs of a partial inventory, searched by digits or description (`search`, as typed). */
export const GtinsPicker = ({
  gtins,
  onChange,
  search,
  setSearch,
  error,
}: {
  gtins: ItemType[];
  onChange: (gtins: ItemType[]) => void;
  search: string;
  setSearch: (search: string) => void;
  error: string | undefined;
}) => {
  const { t } = useTranslation('inventory');
  const text = useDebounced(search.trim());
  const found = useSearchGtins(text);
  return (
    <Autocomplete
      multiple
      value={gtins}
      options={text.length >= GTIN_SEARCH_MIN ? (found.data?.results ?? []) : []}
      filterOptions={(list) => list}
      loading={found.isFetching}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') setSearch(value);
      }}
      getOptionLabel={(option) => `${option.gtin} · ${option.description}`}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid="gtin-option">
            <ItemTypeOption item={itemTypeVariant(option)} />
          </li>
        );
      }}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      noOptionsText={text.length < GTIN_SEARCH_MIN ? t('create.typeMore', { count: GTIN_SEARCH_MIN }) : t('create.noMatch')}
      renderInput={autocompleteInput('new-inventory-gtins', {
        label: t('create.gtins'),
        error: Boolean(error),
        helperText: error ?? t('create.gtinsHint'),
      })}
    />
  );
};
