import { zodResolver } from '@hookform/resolvers/zod';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, type LocationBody, locationBodySchema, RoleThreshold } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { FormStatus } from '../../../components/form-alert';
import { hasRole, useRole } from '../../auth';
import { useLocation } from '../api/get-location';
import { useLocationLogo } from '../api/get-location-logo';
import { useSaveLocation } from '../api/save-location';
import { toId } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';
import { useStaleEdit } from '../shared/stale-edit';
import { emptyForm, type LocationForm, toForm } from './location-form';

/** The location form's state: the location being edited, the form, the logo picked (and its preview) and saving. */
export const useLocationForm = () => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const location = useLocation(id);
  const savedLogo = useLocationLogo(id, location.data?.logo);
  const save = useSaveLocation();
  const [status, setStatus] = useState<FormStatus>(null);
  const stale = useStaleEdit('location');
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState('');
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const isCompanyAdmin = hasRole(useRole(), RoleThreshold.center);
  const form = useForm<LocationForm>({
    // The same schema the API validates with (postal code and street number become integers).
    resolver: zodResolver(locationBodySchema) as unknown as Resolver<LocationForm>,
    defaultValues: emptyForm,
  });
  const { handleSubmit, reset } = form;

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

  const logoUrl = logoPreview ?? savedLogo.data ?? null;
  return {
    id,
    isEdit,
    location,
    form,
    save,
    status,
    setStatus,
    stale,
    logo,
    logoError,
    logoUrl,
    pickLogo,
    isCompanyAdmin,
    submit,
  };
};

export type LocationFormState = ReturnType<typeof useLocationForm>;
