import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button, Card, CardContent, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { canDo, RoleThreshold } from '@rfid/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { NoLocation } from '../../components/no-location';
import { PageTitle } from '../../components/page-title';
import { useCurrentLocation } from '../../lib/current-location';
import { formatQuantity } from '../../lib/format';
import { useRole } from '../auth';
import { useLocationAreas } from './api/get-location-areas';
import { useUploadInventoryFile } from './api/upload-inventory-file';
import { AreaSelect } from './area-select';
import { STOCK_PATHS } from './stock-paths';
import { translateUploadMessage } from './upload-messages';

type FieldErrors = { area?: string; file?: string };

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
  const [area, setArea] = useState(params.get('area') ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>(null);
  const [doneArea, setDoneArea] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const areas = useLocationAreas(location?.id ?? 0);
  const upload = useUploadInventoryFile();
  const canUpload = role !== undefined && canDo(role, RoleThreshold.importInventory);

  const choose = (next: File | null) => {
    setFile(next);
    setStatus(null);
    setErrors((current) => ({ ...current, file: undefined }));
  };

  const submit = () => {
    const found: FieldErrors = {};
    if (!area) found.area = t('upload.areaRequired');
    if (!file) found.file = t('upload.selectFile');
    else if (!/\.csv$/i.test(file.name)) found.file = t('upload.onlyCsv');
    setErrors(found);
    setStatus(null);
    if (found.area || found.file || !file) return;
    const areaId = Number(area);
    upload.mutate(
      { areaId, file },
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
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          const refused = errorStatus(error, t('common:errors.notCompleted'));
          setDoneArea(null);
          if (!refused) return;
          const say = (message: string) => translateUploadMessage(message, t);
          setStatus({
            kind: 'error',
            message: say(refused.message),
            details: [...(refused.details ?? []).map(say), t('upload.refused')],
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
        <Card sx={{ maxWidth: 720 }}>
          <CardContent>
            <Stack
              component="form"
              spacing={2}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <Typography variant="body2" color="text.secondary">
                {t('upload.intro')}
              </Typography>
              <AreaSelect
                locationId={location.id}
                value={area}
                onChange={(next) => {
                  setArea(next);
                  setErrors((current) => ({ ...current, area: undefined }));
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
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
};
