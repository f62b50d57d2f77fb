import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AdminForm, AdminNotFound } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';
import { LocationAreas } from './location-areas';
import { LocationFormFields } from './location-form-fields';
import { useLocationForm } from './use-location-form';

/** Add location and edit location (same fields, plus its areas on edit). */
export const LocationFormPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const state = useLocationForm();
  const { id, isEdit, location, status, setStatus, stale } = state;
  if (isEdit && location.isError) return <AdminNotFound title={t('locations.editTitle')} />;
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
          onSubmit={state.submit}
          status={status}
          onStatusClose={() => setStatus(null)}
          isSaving={state.save.isPending}
          isLoading={isEdit && location.isPending}
          stale={stale.alert(location.refetch)}
        >
          <LocationFormFields state={state} />
        </AdminForm>
      </AdminPage>
      {isEdit && location.data && <LocationAreas locationId={id} />}
    </Stack>
  );
};
