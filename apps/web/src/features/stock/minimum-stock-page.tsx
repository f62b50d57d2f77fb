import { Alert, Button, Skeleton, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { NoLocation } from '../../components/no-location';
import { TitledPage } from '../../components/page-title';
import { AreaSelect } from './area-select';
import { useMinimumStock } from './use-minimum-stock';

/**
 * Edit minimum stock (/minstock/:gtin/edit): minimum stock and area (spec section 2). Unlike the
 * original, the form saves (POST /minstock/ or PUT /minstock/{id}/); its validation is the
 * spec's: both fields required ('Field is required'), numbers only ('Enter Number only').
 * Choosing an area shows that area's current stock and minimum; `?area=` preselects it.
 */
export const MinimumStockPage = () => {
  const { t } = useTranslation(['stock', 'common']);
  const state = useMinimumStock();
  const { location, role, itemType, area, areaId, value, status, setStatus, canEdit, record, catalogDefault, current } = state;
  const { errors, submit, quantity } = state;
  const { setValue, clearErrors } = state.form;
  const title = t('minimum.title');
  return (
    <TitledPage
      testId="minimum-stock"
      title={title}
      subtitle={
        itemType.data ? `${t('minimum.subtitle', { gtin: itemType.data.gtin })} · ${itemType.data.description}` : undefined
      }
    >
      {itemType.isError && (
        <Alert severity="error" data-testid="minimum-not-found">
          {t('minimum.notFound')}
        </Alert>
      )}
      {!location && <NoLocation>{t('noLocation')}</NoLocation>}
      {location && !itemType.isError && (
        <FormCard
          maxWidth={560}
          loading={itemType.isPending ? <Skeleton height={160} /> : undefined}
          onSubmit={() => {
            if (canEdit) void submit();
          }}
        >
          {role !== undefined && !canEdit && <Alert severity="info">{t('minimum.notAllowed')}</Alert>}
          <AreaSelect
            locationId={location.id}
            value={area}
            onChange={(next) => {
              setValue('area', next);
              setStatus(null);
              clearErrors();
            }}
            autoSelect
            error={errors.area}
            testId="minimum-area"
          />
          <TextField
            size="small"
            label={t('minimum.value')}
            value={value}
            onChange={(event) => setValue('minimum_stock', event.target.value)}
            error={Boolean(errors.minimum_stock)}
            helperText={
              errors.minimum_stock ??
              (record === undefined && catalogDefault !== null
                ? t('minimum.catalogDefault', { count: catalogDefault })
                : undefined)
            }
            disabled={!canEdit}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'minimum-value' } }}
          />
          {areaId > 0 && current.data !== undefined && (
            <Typography variant="body2" color="text.secondary" data-testid="minimum-current">
              {t('minimum.current', { count: current.data, formatted: quantity(current.data) })}
            </Typography>
          )}
          <FormAlert status={status} onClose={() => setStatus(null)} />
          <div>
            <Button type="submit" variant="contained" disabled={!canEdit || state.isSaving} data-testid="minimum-save">
              {t('common:actions.save')}
            </Button>
          </div>
        </FormCard>
      )}
    </TitledPage>
  );
};
