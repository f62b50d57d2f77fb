import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvFileField } from '../../components/csv-file-field';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { formatQuantity } from '../../lib/format';
import { useUploadErpStock } from './api/upload-erp-stock';

/** At most this many refused rows are listed under the import's result. */
const REJECTED_SHOWN = 10;

/** Import an ERP snapshot (a CSV: store;gtin;quantity); the result lists the refused rows with their reason. */
export const ErpUpload = () => {
  const { t, i18n } = useTranslation(['erp', 'common']);
  const upload = useUploadErpStock();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const send = () => {
    if (!file) {
      setStatus({ kind: 'error', message: t('upload.selectFile') });
      return;
    }
    setStatus(null);
    upload.mutate(file, {
      onSuccess: (snapshot) => {
        setStatus({
          kind: snapshot.rejected ? 'error' : 'success',
          message: t('upload.done', {
            rows: quantity(snapshot.rows),
            rejected: quantity(snapshot.rejected),
            stores: snapshot.locations.map((l) => l.code).join(', '),
          }),
          details: snapshot.rejected_rows
            .slice(0, REJECTED_SHOWN)
            .map((row) => t('upload.rejectedRow', { row: row.row, reason: row.reason })),
        });
        setFile(null);
      },
      onError: (error) => setStatus(errorStatus(error, t('common:errors.notCompleted'))),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">
          {t('upload.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('upload.help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <CsvFileField
              file={file}
              onChange={(chosen) => {
                setFile(chosen);
                setStatus(null);
              }}
              testId="erp-file"
              chooseLabel={t('upload.choose')}
              noneLabel={t('upload.noFile')}
            />
          </Box>
          <Button variant="contained" onClick={send} disabled={upload.isPending} data-testid="erp-upload">
            {t('upload.send')}
          </Button>
        </Stack>
        <FormAlert status={status} onClose={() => setStatus(null)} />
      </Stack>
    </Paper>
  );
};
