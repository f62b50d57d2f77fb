import { Autocomplete } from '@mui/material';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import { useMemo, useState } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { autocompleteInput } from '../../../components/autocomplete-input';
import { useDebounced } from '../../../lib/use-debounced';
import { useSearchAreas } from '../api/search-areas';
import { type LocationOption, useSearchLocations } from '../api/search-locations';
import { FullRow } from './admin-page';
import { errorText } from './form-helpers';

countries.registerLocale(en);
countries.registerLocale(es);

export type Option = { id: number; description: string };

type SearchSelectProps = {
  label: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  error?: string;
  name: string;
  disabled?: boolean;
};

const SearchSelect = ({
  label,
  value,
  onChange,
  error,
  name,
  disabled,
  options,
  isLoading,
  onSearch,
}: SearchSelectProps & { options: Option[]; isLoading: boolean; onSearch: (text: string) => void }) => {
  const { t } = useTranslation('admin');
  return (
    <Autocomplete
      value={value}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text, reason) => onSearch(reason === 'input' ? text : '')}
      options={options}
      loading={isLoading}
      disabled={disabled}
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.description}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={t('form.noOptions')}
      loadingText={t('form.loading')}
      renderInput={autocompleteInput(`field-${name}`, { label, name, error: Boolean(error), helperText: error })}
    />
  );
};

/** The searchable area field of the reader and printer forms (GET /areas/?description__icontains). */
export const AreaSelect = (props: SearchSelectProps) => {
  const [search, setSearch] = useState('');
  const query = useSearchAreas(useDebounced(search));
  const options = (query.data?.results ?? []).map((area) => ({
    id: area.id,
    description: area.location_description ? `${area.description} · ${area.location_description}` : area.description,
  }));
  return <SearchSelect {...props} options={options} isLoading={query.isFetching} onSearch={setSearch} />;
};

/**
 * The area field of the printer and reader forms, on a full row: the chosen area (`area`, kept by the page to show its
 * name) sets the form's numeric field `name` to its id (0 when cleared), revalidated once the form was submitted.
 */
export const AreaSelectField = <T extends FieldValues>({
  control,
  name,
  label,
  area,
  onAreaChange,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, number>;
  label: string;
  area: Option | null;
  onAreaChange: (area: Option | null) => void;
}) => (
  <FullRow>
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AreaSelect
          name="area"
          label={label}
          value={area}
          onChange={(option) => {
            onAreaChange(option);
            field.onChange(option?.id ?? 0);
          }}
          error={errorText(fieldState.error)}
        />
      )}
    />
  </FullRow>
);

/** A searchable location (or distribution center) field. */
export const LocationSelect = ({ kind, ...props }: SearchSelectProps & { kind?: 'center' }) => {
  const [search, setSearch] = useState('');
  const query = useSearchLocations({ search: useDebounced(search), kind });
  return <SearchSelect {...props} options={query.data ?? []} isLoading={query.isFetching} onSearch={setSearch} />;
};

/** Many locations as removable chips (users are limited to the chosen locations). */
export const LocationsMultiSelect = ({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: LocationOption[];
  onChange: (value: LocationOption[]) => void;
  error?: string;
}) => {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const query = useSearchLocations({ search: useDebounced(search) });
  return (
    <Autocomplete
      multiple
      value={value}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
      options={query.data ?? []}
      loading={query.isFetching}
      filterOptions={(list) => list}
      filterSelectedOptions
      getOptionLabel={(option) => option.description}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={t('form.noOptions')}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={autocompleteInput('field-locations', { label, error: Boolean(error), helperText: error })}
    />
  );
};

/** Countries from the bundled ISO list, named in the user's language, stored as the alpha-2 code. */
export const useCountryOptions = () => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  return useMemo(
    () =>
      Object.entries(countries.getNames(language, { select: 'official' }))
        .map(([code, name]) => ({ code, name }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [language],
  );
};

export const CountrySelect = ({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) => {
  const options = useCountryOptions();
  const selected = options.find((option) => option.code === value) ?? null;
  return (
    <Autocomplete
      value={selected}
      onChange={(_, next) => onChange(next?.code ?? '')}
      options={options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      renderInput={autocompleteInput('field-country', { label, error: Boolean(error), helperText: error })}
    />
  );
};
