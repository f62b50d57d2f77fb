import { Autocomplete } from '@mui/material';
import type { ItemType } from '@rfid/contract';
import { gtinFromScan, isDigitalLinkUri } from '@rfid/epc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GtinPickOption, renderGtinInput, renderGtinPickOption, useItemTypeText } from '../../components/item-type';
import { useDebounced } from '../../lib/use-debounced';
import { GTIN_SEARCH_MIN, useGtinSearch } from './api/search-gtins';

export type GtinFieldProps = {
  value: ItemType | null;
  onChange: (value: ItemType | null) => void;
  /** 'Create' was chosen for these digits: the caller opens the add-GTIN dialog. */
  onCreate: (gtin: string) => void;
  error?: string;
  testId: string;
};

/**
 * What a typed or scanned text searches: a GS1 Digital Link URI (a QR code's) or a bracketed GS1 element string gives
 * its GTIN (issue 17); anything else, or a scan that does not parse, is searched as typed.
 */
const searchTextOf = (text: string): string => {
  if (!isDigitalLinkUri(text) && !text.startsWith('(')) return text;
  try {
    return gtinFromScan(text);
  } catch {
    return text;
  }
};

/** Searchable GTIN combobox over /types/?gtin__icontains=; an unknown GTIN offers 'Create'. */
export const GtinField = ({ value, onChange, onCreate, error, testId }: GtinFieldProps) => {
  const { t } = useTranslation('order-wizard');
  // The GTIN chosen reads in full under the field: description, size and colour.
  const selectedText = useItemTypeText();
  const [input, setInput] = useState('');
  const typed = searchTextOf(input.trim());
  const search = useDebounced(typed);
  const query = useGtinSearch(search);
  const found = search.length >= GTIN_SEARCH_MIN ? (query.data ?? []) : [];
  const options: GtinPickOption[] = found.map((item) => ({ kind: 'gtin', item }));
  if (/^\d{8,14}$/.test(typed) && !found.some((item) => item.gtin === typed)) options.push({ kind: 'create', gtin: typed });
  const selected: GtinPickOption | null = value ? { kind: 'gtin', item: value } : null;
  return (
    <Autocomplete
      value={selected}
      options={options}
      filterOptions={(list) => list}
      loading={query.isFetching}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_, next) => {
        if (!next) onChange(null);
        else if (next.kind === 'create') onCreate(next.gtin);
        else onChange(next.item);
      }}
      getOptionLabel={(option) => (option.kind === 'gtin' ? option.item.gtin : option.gtin)}
      isOptionEqualToValue={(option, other) =>
        option.kind === 'gtin' && other.kind === 'gtin' && option.item.id === other.item.id
      }
      renderOption={renderGtinPickOption((gtin) => t('box.create', { gtin }))}
      noOptionsText={typed.length < GTIN_SEARCH_MIN ? t('box.typeMore', { count: GTIN_SEARCH_MIN }) : t('box.noMatch')}
      loadingText={t('loading')}
      fullWidth
      renderInput={renderGtinInput({
        label: t('box.gtin'),
        error,
        helperText: value ? selectedText(value) : undefined,
        testId,
      })}
    />
  );
};
