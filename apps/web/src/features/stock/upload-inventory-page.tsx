import { Alert, Button, Link, Typography } from '@mui/material';
import { canDo, RoleThreshold } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CsvFileField } from '../../components/csv-file-field';
import { FormAlert } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { NoLocation } from '../../components/no-location';
import { TitledPage } from '../../components/page-title';
import { useCurrentLocation } from '../../lib/current-location';
import { useRole } from '../auth';
import { AreaSelect } from './area-select';
import { STOCK_PATHS } from './stock-paths';
import { useUploadInventory } from './use-upload-inventory';

/**
 * Upload inventory file (/inventory/upload_csv/): the counted (non-RFID) stock of an area of the
 * current location from a CSV. The file is required and only .csv (spec section 5); the server
 * refuses a file with a bad row whole and names the row. Roles 1–3.
 */
export const UploadInventoryPage = () => {
  const { t } = useTranslation(['stock', 'common']);
  const location = useCurrentLocation();
  const role = useRole();
  const canUpload = role !== undefined && canDo(role, RoleThreshold.importInventory);
  const { form, area, file, errors, status, setStatus, doneArea, choose, submit, isSending } = useUploadInventory(
    location?.id ?? 0,
  );
  const { setValue, clearErrors } = form;

  return (
    <TitledPage
      testId="upload-inventory"
      title={t('upload.title')}
      subtitle={location?.description}
      backTo={STOCK_PATHS.areaStock}
    >
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
          <CsvFileField
            file={file}
            onChange={choose}
            error={errors.file}
            testId="upload-file"
            chooseLabel={t('upload.choose')}
            noneLabel={t('upload.noFile')}
          />
          <FormAlert status={status} onClose={() => setStatus(null)} />
          {status?.kind === 'success' && doneArea !== null && (
            <Link component={RouterLink} to={STOCK_PATHS.areaStockOf(doneArea)} data-testid="upload-see-stock">
              {t('upload.seeStock')}
            </Link>
          )}
          <div>
            <Button type="submit" variant="contained" disabled={isSending} data-testid="upload-submit">
              {t('upload.submit')}
            </Button>
          </div>
        </FormCard>
      )}
    </TitledPage>
  );
};
