import { Autocomplete } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { autocompleteInput } from '../../components/autocomplete-input';

export type SearchSelectProps<T extends { id: number }> = {
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** What the server found for the text typed (the caller runs the search). */
  options: T[];
  isLoading: boolean;
  /** The typed text, for the caller's (debounced) search. */
  onSearch: (text: string) => void;
  getLabel: (option: T) => string;
  noOptionsText: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  testId: string;
};

/** A step-1 combobox searched on the server: the provider of a purchase, the destination of a movement. */
export const SearchSelect = <T extends { id: number }>({
  label,
  value,
  onChange,
  options,
  isLoading,
  onSearch,
  getLabel,
  noOptionsText,
  isDisabled = false,
  isRequired = false,
  testId,
}: SearchSelectProps<T>) => {
  const { t } = useTranslation('order-wizard');
  return (
    <Autocomplete
      value={value}
      options={options}
      loading={isLoading}
      disabled={isDisabled}
      filterOptions={(list) => list}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') onSearch(text);
      }}
      getOptionLabel={getLabel}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      noOptionsText={noOptionsText}
      loadingText={t('loading')}
      renderInput={autocompleteInput(testId, { label, required: isRequired })}
    />
  );
};
