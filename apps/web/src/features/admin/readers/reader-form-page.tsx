import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AdminForm, AdminNotFound } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';
import { ReaderApplications } from './reader-applications';
import { ReaderFormFields } from './reader-form-fields';
import { ReaderFormNotices } from './reader-form-notices';
import { useReaderForm } from './use-reader-form';

/** Add reader (shows the new device key once) and edit reader (plus its NMS state and applications). */
export const ReaderFormPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const state = useReaderForm();
  const { isEdit, reader, status, setStatus, stale } = state;
  const title = t(isEdit ? 'readers.editTitle' : 'readers.addTitle');
  if (isEdit && reader.isError) return <AdminNotFound title={title} />;
  return (
    <Stack spacing={3}>
      <AdminPage title={title} hasBack maxWidth={900} testId="reader-form">
        <AdminForm
          onSubmit={state.submit}
          status={status}
          onStatusClose={() => setStatus(null)}
          isSaving={state.isSaving}
          isLoading={isEdit && reader.isPending}
          stale={stale.alert(reader.refetch)}
          notice={(state.key.deviceKey || state.elsewhere) && <ReaderFormNotices state={state} />}
          actions={
            isEdit && (
              <Button color="warning" onClick={() => state.setRotating(true)} data-testid="rotate-key">
                {t('readers.rotateKey')}
              </Button>
            )
          }
        >
          <ReaderFormFields state={state} />
        </AdminForm>
      </AdminPage>
      {isEdit && reader.data && <ReaderApplications mac={reader.data.mac_address} />}
      <ConfirmDialog
        open={state.isRotating}
        title={t('readers.rotateKey')}
        message={t('readers.rotateBody')}
        isDanger
        onClose={() => state.setRotating(false)}
        onConfirm={state.rotateKey}
      />
    </Stack>
  );
};
