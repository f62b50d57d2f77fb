import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { canDo, intId, RoleThreshold } from '@rfid/contract';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { NoLocation } from '../../components/no-location';
import { PageTitle } from '../../components/page-title';
import { useCurrentLocation } from '../../lib/current-location';
import { formatQuantity } from '../../lib/format';
import { useRole } from '../auth';
import { useLocationAreas } from './api/get-location-areas';
import { useUploadInventoryFile } from './api/upload-inventory-file';
import { AreaSelect } from './area-select';
import { STOCK_PATHS } from './stock-paths';

/** The form: an area of the location (a row id, as the select gives it) and a .csv file (the multipart body). */
const uploadFormSchema = z.object({
  area: intId(),
  file: z
    .instanceof(File, { error: 'select' })
    .nullable()
    .refine((file) => file !== null, { error: 'select', abort: true })
    .refine((file) => file !== null && /\.csv$/i.test(file.name), 'csv'),
});
type UploadForm = { area: string; file: File | null };
// The contract's id reads any input (`unknown`); the select gives it the row's id as text.
const uploadResolver = zodResolver(uploadFormSchema, undefined, { raw: true }) as unknown as Resolver<UploadForm>;

/**
 * Upload inventory file (/inventory/upload_csv/): the counted (non-RFID) stock of an area of the
 * current location from a CSV. The file is required and only .csv (spec section 5); the server
 * refuses a file with a bad row whole and names the row. Roles 1–3.
 */
export const UploadInventoryPage = () => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const location = useCurrentLocation();
  const role = useRole();
  const [params] = useSearchParams();
  const { handleSubmit, setValue, clearErrors, watch, formState } = useForm<UploadForm>({
    resolver: uploadResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { area: params.get('area') ?? '', file: null },
  });
  const area = watch('area');
  const file = watch('file');
  const errors = {
    area: formState.errors.area ? t('upload.areaRequired') : undefined,
    file: formState.errors.file ? t(formState.errors.file.message === 'csv' ? 'upload.onlyCsv' : 'upload.selectFile') : undefined,
  };
  const [status, setStatus] = useState<FormStatus>(null);
  const [doneArea, setDoneArea] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const areas = useLocationAreas(location?.id ?? 0);
  const upload = useUploadInventoryFile();
  const canUpload = role !== undefined && canDo(role, RoleThreshold.importInventory);

  const choose = (next: File | null) => {
    setValue('file', next);
    setStatus(null);
    clearErrors('file');
  };

  const submit = handleSubmit(
    (values) => {
      setStatus(null);
      if (values.file) send(Number(values.area), values.file);
    },
    () => setStatus(null),
  );
  const send = (areaId: number, chosen: File) => {
    upload.mutate(
      { areaId, file: chosen },
      {
        onSuccess: (result) => {
          const description = areas.data?.find((row) => row.id === areaId)?.description ?? '';
          setDoneArea(areaId);
          setStatus({
            kind: 'success',
            message: t('upload.done', {
              rows: formatQuantity(result.rows, i18n.language),
              gtins: formatQuantity(result.gtins, i18n.language),
              quantity: formatQuantity(result.quantity, i18n.language),
              area: description,
            }),
          });
          // The file is cleared for the next one; the success message stays.
          setValue('file', null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          const refused = errorStatus(error, t('common:errors.notCompleted'));
          setDoneArea(null);
          if (!refused) return;
          // The server's messages are in the user's language already (Accept-Language).
          setStatus({
            kind: 'error',
            message: refused.message,
            details: [...(refused.details ?? []), t('upload.refused')],
          });
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="upload-inventory">
      <PageTitle title={t('upload.title')} subtitle={location?.description} backTo={STOCK_PATHS.areaStock} />
      {!location && <NoLocation>{t('noLocation')}</NoLocation>}
      {location && role !== undefined && !canUpload && (
        <Alert severity="warning" data-testid="upload-not-allowed">
          {t('upload.notAllowed')}
        </Alert>
      )}
      {location && canUpload && (
        <FormCard maxWidth={720} onSubmit={() => void submit()}>
          <Typography variant="body2" color="text.secondary">
            {t('upload.intro')}
          </Typography>
          <AreaSelect
            locationId={location.id}
            value={area}
            onChange={(next) => {
              setValue('area', next);
              clearErrors('area');
            }}
            error={errors.area}
            testId="upload-area"
          />
          <div>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFileIcon />}
                color={errors.file ? 'error' : 'primary'}
              >
                {t('upload.choose')}
                <input
                  ref={input}
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  onChange={(event) => choose(event.target.files?.[0] ?? null)}
                  data-testid="upload-file"
                />
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="upload-file-name">
                {file?.name ?? t('upload.noFile')}
              </Typography>
            </Stack>
            {errors.file && (
              <FormHelperText error data-testid="upload-file-error">
                {errors.file}
              </FormHelperText>
            )}
          </div>
          <FormAlert status={status} onClose={() => setStatus(null)} />
          {status?.kind === 'success' && doneArea !== null && (
            <Link component={RouterLink} to={STOCK_PATHS.areaStockOf(doneArea)} data-testid="upload-see-stock">
              {t('upload.seeStock')}
            </Link>
          )}
          <div>
            <Button type="submit" variant="contained" disabled={upload.isPending} data-testid="upload-submit">
              {t('upload.submit')}
            </Button>
          </div>
        </FormCard>
      )}
    </Stack>
  );
};
