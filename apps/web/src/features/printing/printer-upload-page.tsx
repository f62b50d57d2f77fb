import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { PRINT_UPLOAD_REDIRECT_MS } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { CsvFileField } from '../../components/csv-file-field';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TitledPage } from '../../components/page-title';
import { PRINT_PATHS } from '../print-wizard';
import { usePrinter } from './api/get-printer';
import { useUploadAndPrint } from './api/upload-printer-file';
import { csvFileMessage, csvFileSchema } from './csv-file-rules';

/** The form: the .csv file sent as PUT /fileupload/'s multipart `file`. */
const printerUploadSchema = z.object({ file: csvFileSchema });
type PrinterUploadForm = z.input<typeof printerUploadSchema>;

/**
 * Printer upload (spec section 2): a .csv of GTIN and quantity rows becomes a print order (PUT /fileupload/) printed on
 * this printer (POST /printcsv/); after a success the printers list opens again 8 s later.
 */
export const PrinterUploadPage = () => {
  const { t } = useTranslation('printing');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const printer = usePrinter(id);
  const upload = useUploadAndPrint();
  const { handleSubmit, setValue, clearErrors, watch, formState } = useForm<PrinterUploadForm>({
    // Raw: the file is sent as chosen; an error stays until another file is chosen or the next send.
    resolver: zodResolver(printerUploadSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: { file: null },
  });
  const file = watch('file');
  const [status, setStatus] = useState<FormStatus>(null);
  const [leavingAt, setLeavingAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const fileError = csvFileMessage(formState.errors.file?.message, t);

  useEffect(() => {
    if (leavingAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    const leave = setTimeout(() => void navigate(PRINT_PATHS.printers), Math.max(0, leavingAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(leave);
    };
  }, [leavingAt, navigate]);

  const choose = (next: File | null) => {
    setValue('file', next);
    clearErrors('file');
  };

  const submit = handleSubmit(
    (values) => {
      setStatus(null);
      if (values.file) send(values.file);
    },
    () => setStatus(null),
  );
  const send = (file: File) => {
    upload.mutate(
      { file, printerId: Number(id) },
      {
        onSuccess: (order) => {
          setStatus({ kind: 'success', message: t('upload.done', { id: order.id, count: order.total_quantity }) });
          setLeavingAt(Date.now() + PRINT_UPLOAD_REDIRECT_MS);
        },
        onError: (error) => {
          const details = errorStatus(error, t('upload.failed'));
          setStatus({
            kind: 'error',
            message: t('upload.failed'),
            details: [details?.message ?? '', ...(details?.details ?? [])].filter(Boolean),
          });
        },
      },
    );
  };

  if (printer.isError) return <LoadErrorAlert error={printer.error} testId="upload-printer-error" />;
  return (
    <TitledPage
      testId="printer-upload-page"
      backTo={PRINT_PATHS.printers}
      title={t('upload.title')}
      subtitle={
        printer.data ? `${printer.data.description || printer.data.mac} · ${printer.data.ip_address}:${printer.data.port}` : ''
      }
    >
      <FormCard onSubmit={() => void submit()}>
        <Typography variant="body2" color="text.secondary">
          {t('upload.hint')}
        </Typography>
        <CsvFileField
          chooseLabel={t('csv.choose')}
          noneLabel={t('csv.none')}
          file={file}
          onChange={choose}
          {...(fileError ? { error: fileError } : {})}
          testId="upload-file"
        />
        <FormAlert status={status} onClose={() => setStatus(null)} />
        {leavingAt !== null && (
          <Alert severity="info" data-testid="upload-redirect">
            {t('upload.redirect', { seconds: Math.max(0, Math.ceil((leavingAt - now) / 1000)) })}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={PRINT_PATHS.printers}>
            {t('upload.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={upload.isPending || leavingAt !== null} data-testid="upload-submit">
            {t('upload.submit')}
          </Button>
        </Stack>
      </FormCard>
    </TitledPage>
  );
};
