import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import ImageIcon from '@mui/icons-material/Image';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import {
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  type LocationBody,
  locationBodySchema,
  RoleThreshold,
  timeZoneNames,
} from '@rfid/contract';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { autocompleteInput } from '../../../components/autocomplete-input';
import type { FormStatus } from '../../../components/form-alert';
import { LinkButton } from '../../../components/link-button';
import { type Column, PagedTable } from '../../../components/paged-table';
import { hasRole, useRole } from '../../auth';
import { useBrands } from '../api/get-brands';
import { useLocation } from '../api/get-location';
import { locationAreasPages } from '../api/get-location-areas';
import { useLocationLogo } from '../api/get-location-logo';
import { useSaveLocation } from '../api/save-location';
import type { AdminLocation, Area } from '../api/types';
import { AdminForm, AdminNotFound, editColumn, selectFieldsOf, textFieldsOf } from '../shared/admin-form';
import { AdminPage, FullRow } from '../shared/admin-page';
import { errorText, toId } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';
import { CountrySelect } from '../shared/selects';
import { useStaleEdit } from '../shared/stale-edit';

/** The kinds of location, in the order the kind field offers them. */
const LOCATION_KINDS = ['center', 'store'] as const;

type LocationForm = {
  description: string;
  code: string;
  kind: (typeof LOCATION_KINDS)[number];
  brand: string;
  phone: string;
  email: string;
  observations: string;
  active: boolean;
  /** IANA zone of the location's days; empty on create: the company's. */
  time_zone: string;
  /** GS1 GLN, 13 digits; empty: none. */
  gln: string;
  address: { street_name: string; street_num: string; city: string; postal_code: string; country: string };
};
const emptyForm: LocationForm = {
  description: '',
  code: '',
  kind: 'center',
  brand: '',
  phone: '',
  email: '',
  observations: '',
  active: true,
  time_zone: '',
  gln: '',
  address: { street_name: '', street_num: '', city: '', postal_code: '', country: 'ES' },
};

const toForm = (location: AdminLocation): LocationForm => ({
  description: location.description,
  code: location.code,
  kind: location.kind,
  brand: location.brand ? String(location.brand) : '',
  phone: location.phone,
  email: location.email,
  observations: location.observations,
  active: location.active,
  time_zone: location.time_zone,
  gln: location.gln ?? '',
  address: {
    street_name: location.address.street_name,
    street_num: location.address.street_num === null ? '' : String(location.address.street_num),
    city: location.address.city,
    postal_code: location.address.postal_code === null ? '' : String(location.address.postal_code),
    country: location.address.country,
  },
});

/** Add location and edit location (same fields, plus its areas on edit). */
export const LocationFormPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const location = useLocation(id);
  const brands = useBrands();
  const savedLogo = useLocationLogo(id, location.data?.logo);
  const save = useSaveLocation();
  const [status, setStatus] = useState<FormStatus>(null);
  const stale = useStaleEdit('location');
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState('');
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const isCompanyAdmin = hasRole(useRole(), RoleThreshold.center);
  const timeZones = useMemo(() => timeZoneNames(), []);
  const { register, handleSubmit, control, reset, formState } = useForm<LocationForm>({
    // The same schema the API validates with (postal code and street number become integers).
    resolver: zodResolver(locationBodySchema) as unknown as Resolver<LocationForm>,
    defaultValues: emptyForm,
  });
  const { errors } = formState;

  useEffect(() => {
    if (location.data) reset(toForm(location.data));
  }, [location.data, reset]);
  useEffect(() => {
    if (!logo) return setLogoPreview(null);
    const url = URL.createObjectURL(logo);
    setLogoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const pickLogo = (file: File | undefined) => {
    setLogoError('');
    if (!file) return;
    if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return setLogoError(t('locations.logoType'));
    if (file.size > LOGO_MAX_BYTES) return setLogoError(t('locations.logoSize'));
    setLogo(file);
  };

  const submit = handleSubmit((values) => {
    setStatus(null);
    const parsed = values as unknown as LocationBody; // parsed by the contract schema
    // Only role 1 may change the active flag; others leave it out.
    const body: LocationBody = {
      ...parsed,
      floor: location.data?.floor ?? '1',
      active: isCompanyAdmin ? values.active : undefined,
    };
    save.mutate(
      { id: isEdit ? id : undefined, body, logo, version: location.data?.version },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', message: t(isEdit ? 'locations.updated' : 'locations.added') });
          setLogo(null);
          if (!isEdit) reset(emptyForm);
        },
        onError: (error) => {
          if (!stale.catchStale(error)) setStatus(adminErrorStatus(error, t('locations.failed')));
        },
      },
    );
  });

  if (isEdit && location.isError) return <AdminNotFound title={t('locations.editTitle')} />;
  const field = textFieldsOf(register, errors);
  const text = (name: Path<LocationForm>, label: string, props: TextFieldProps = {}) =>
    field(name, label, { fullWidth: true, ...props });
  const select = selectFieldsOf(control, errors);
  const logoUrl = logoPreview ?? savedLogo.data ?? null;
  return (
    <Stack spacing={3}>
      <AdminPage
        title={t(
          isEdit ? (location.data?.kind === 'store' ? 'locations.editStoreTitle' : 'locations.editTitle') : 'locations.addTitle',
        )}
        hasBack
        maxWidth={900}
        testId="location-form"
      >
        <AdminForm
          onSubmit={submit}
          status={status}
          onStatusClose={() => setStatus(null)}
          isSaving={save.isPending}
          isLoading={isEdit && location.isPending}
          stale={stale.alert(location.refetch)}
        >
          <FullRow>
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
        </AdminForm>
      </AdminPage>
      {isEdit && location.data && <LocationAreas locationId={id} />}
    </Stack>
  );
};

/** The location's areas, 11 per page: stock, description, location link and Edit. */
const LocationAreas = ({ locationId }: { locationId: number }) => {
  const { t } = useTranslation('admin');
  const columns: Column<Area>[] = [
    { id: 'description', header: t('areas.description'), cell: (row) => row.description, mobile: 'title' },
    { id: 'stock', header: t('areas.stock'), cell: (row) => row.stock, align: 'right' },
    { id: 'gln_extension', header: t('areas.glnExtension'), cell: (row) => row.gln_extension ?? '' },
    { id: 'kind', header: t('areas.kind'), cell: (row) => t(`areaKinds.${row.kind}`) },
    {
      id: 'location',
      header: t('areas.location'),
      cell: (row) => (
        <Link component={RouterLink} to={`/administrador/locations/${row.location_id}/edit`}>
          {row.location_description}
        </Link>
      ),
    },
    editColumn<Area>({
      header: t('actions.edit'),
      to: (row) => `/administrador/areas/${row.id}/edit`,
      name: (row) => row.description,
      testId: (row) => `edit-area-${row.id}`,
    }),
  ];
  return (
    <AdminPage
      title={t('areas.title')}
      maxWidth={900}
      testId="location-areas"
      actions={
        <LinkButton
          to={`/administrador/areas/add?location=${locationId}`}
          icon={<AddIcon />}
          variant="contained"
          testId="add-area"
        >
          {t('areas.add')}
        </LinkButton>
      }
    >
      <PagedTable {...locationAreasPages(locationId)} columns={columns} testId="areas-table" />
    </AdminPage>
  );
};
