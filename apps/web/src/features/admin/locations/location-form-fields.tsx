import ImageIcon from '@mui/icons-material/Image';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { timeZoneNames } from '@rfid/contract';
import { useMemo } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { autocompleteInput } from '../../../components/autocomplete-input';
import { useBrands } from '../api/get-brands';
import { selectFieldsOf, textFieldsOf } from '../shared/admin-form';
import { FullRow } from '../shared/admin-page';
import { errorText } from '../shared/form-helpers';
import { CountrySelect } from '../shared/selects';
import { LOCATION_KINDS, type LocationForm } from './location-form';
import type { LocationFormState } from './use-location-form';

/** The logo: its picture (the one picked, else the saved one), a button picking a file and its name or error. */
const LocationLogoField = ({ state }: { state: LocationFormState }) => {
  const { t } = useTranslation(['admin', 'common']);
  const { logoUrl, logoError, logo, pickLogo } = state;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={logoUrl ?? undefined} variant="rounded" sx={{ width: 64, height: 64 }} alt={t('locations.logo')}>
        <ImageIcon />
      </Avatar>
      <Box>
        <Button component="label" variant="outlined" size="small">
          {t('locations.pickLogo')}
          <input
            hidden
            type="file"
            accept="image/*"
            data-testid="field-logo"
            onChange={(event) => pickLogo(event.target.files?.[0])}
          />
        </Button>
        <Typography variant="caption" color={logoError ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
          {logoError || logo?.name || t('locations.logoHint')}
        </Typography>
      </Box>
    </Stack>
  );
};

/** The location form's fields: logo, brand, kind, names, GLN, contact, address, time zone, active and notes. */
export const LocationFormFields = ({ state }: { state: LocationFormState }) => {
  const { t } = useTranslation(['admin', 'common']);
  const { form, isEdit, isCompanyAdmin } = state;
  const { register, control, formState } = form;
  const { errors } = formState;
  const brands = useBrands();
  const timeZones = useMemo(() => timeZoneNames(), []);
  const field = textFieldsOf(register, errors);
  const text = (name: Path<LocationForm>, label: string, props: TextFieldProps = {}) =>
    field(name, label, { fullWidth: true, ...props });
  const select = selectFieldsOf(control, errors);
  return (
    <>
      <FullRow>
        <LocationLogoField state={state} />
      </FullRow>
      {select(
        'brand',
        t('locations.brand'),
        (brands.data?.results ?? []).map((brand) => ({ value: String(brand.id), label: brand.description })),
        { fullWidth: true },
      )}
      {select(
        'kind',
        t('locations.kind'),
        LOCATION_KINDS.map((kind) => ({ value: kind, label: t(`locations.kinds.${kind}`) })),
        { fullWidth: true },
      )}
      {text('description', t('locations.name'))}
      {text('code', t('locations.code'))}
      {text('gln', t('locations.gln'), {
        inputMode: 'numeric',
        helperText: errorText(errors.gln) ?? t('locations.glnHint'),
      })}
      {text('phone', t('locations.phone'), { type: 'tel' })}
      {text('email', t('locations.email'), { type: 'email' })}
      {text('address.street_name', t('locations.streetName'))}
      {text('address.street_num', t('locations.streetNum'), { inputMode: 'numeric' })}
      {text('address.city', t('locations.city'))}
      {text('address.postal_code', t('locations.postalCode'), { inputMode: 'numeric' })}
      <Controller
        name="address.country"
        control={control}
        render={({ field }) => (
          <CountrySelect
            label={t('locations.country')}
            value={field.value}
            onChange={field.onChange}
            error={errorText(errors.address?.country)}
          />
        )}
      />
      <Controller
        name="time_zone"
        control={control}
        render={({ field }) => (
          <Autocomplete
            options={timeZones}
            value={field.value || null}
            onChange={(_, value) => field.onChange(value ?? '')}
            renderInput={autocompleteInput('field-time-zone', {
              label: t('locations.timeZone'),
              error: Boolean(errors.time_zone),
              helperText: errorText(errors.time_zone) ?? (field.value ? undefined : t('locations.timeZoneDefault')),
            })}
            fullWidth
          />
        )}
      />
      {isEdit && isCompanyAdmin && (
        <Controller
          name="active"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
              label={t('locations.active')}
            />
          )}
        />
      )}
      <FullRow>{text('observations', t('locations.observations'), { multiline: true, minRows: 2 })}</FullRow>
    </>
  );
};
