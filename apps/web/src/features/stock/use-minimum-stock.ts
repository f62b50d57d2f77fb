import { zodResolver } from '@hookform/resolvers/zod';
import { canDo, FIELD_REQUIRED, minimumStockBodySchema, NUMBER_ONLY, RoleThreshold } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { FormStatus } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useCurrentLocation } from '../../lib/current-location';
import { formatQuantity } from '../../lib/format';
import { useRole } from '../auth';
import { useCreateMinimumStock } from './api/create-minimum-stock';
import { getAreaSummary } from './api/get-area-summary';
import { useItemType } from './api/get-item-type';
import { useLocationAreas } from './api/get-location-areas';
import { useMinimumStocks } from './api/get-minimum-stocks';
import { useUpdateMinimumStock } from './api/update-minimum-stock';
import { stockKeys } from './keys';

/** The form's fields, as typed: checked with the contract's minimum stock body ('Field is required', 'Enter Number only'). */
const minimumFormSchema = minimumStockBodySchema.pick({ area: true, minimum_stock: true });
type MinimumForm = { area: string; minimum_stock: string };
// The contract's numbers read any input (`unknown`); the form gives them as text, sent as typed (raw).
const minimumResolver = zodResolver(minimumFormSchema, undefined, { raw: true }) as unknown as Resolver<MinimumForm>;

/**
 * The minimum stock form's state: the GTIN, the location's areas and minimums, the form (area and minimum), the
 * chosen area's current stock, and saving (create or update) with the server's field errors.
 */
export const useMinimumStock = () => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const { gtin = '' } = useParams();
  const [params] = useSearchParams();
  const location = useCurrentLocation();
  const role = useRole();
  const itemType = useItemType(gtin);
  const itemTypeId = itemType.data?.id ?? 0;
  const areas = useLocationAreas(location?.id ?? 0);
  const minimums = useMinimumStocks(itemTypeId, location?.id ?? 0);
  const form = useForm<MinimumForm>({
    resolver: minimumResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { area: params.get('area') ?? '', minimum_stock: '' },
  });
  const { handleSubmit, setValue, setError, clearErrors, watch, formState } = form;
  const area = watch('area');
  const value = watch('minimum_stock');
  const [status, setStatus] = useState<FormStatus>(null);
  const create = useCreateMinimumStock();
  const update = useUpdateMinimumStock();
  const canEdit = role !== undefined && canDo(role, RoleThreshold.importInventory);
  const areaId = Number(area || 0);
  const record = minimums.data?.find((row) => row.area === areaId);
  const quantity = (n: number) => formatQuantity(n, i18n.language);
  // The GTIN's stock in the chosen area (items STOCKED + counted), whether or not it has a minimum yet.
  const stockFilters = { gtin: itemType.data?.gtin ?? gtin, omit: false };
  const current = useQuery({
    queryKey: [...stockKeys.areaSummary(areaId, stockFilters), 'one'],
    queryFn: ({ signal }) => getAreaSummary(areaId, stockFilters, { limit: 1, offset: 0, signal }),
    enabled: areaId > 0 && itemTypeId > 0,
    select: (page) => page.results.find((row) => row.itemtype.id === itemTypeId)?.count ?? 0,
  });

  // The chosen area's minimum fills the field (the catalog's default when it has none).
  const recordValue = record?.minimum_stock;
  const catalogDefault = itemType.data?.minimum_stock ?? null;
  useEffect(() => {
    if (!minimums.data || !areaId) return;
    setValue('minimum_stock', recordValue !== undefined ? String(recordValue) : '');
  }, [minimums.data, areaId, recordValue, setValue]);

  const message = (text: string | undefined) => {
    if (text === FIELD_REQUIRED) return t('minimum.required');
    if (text === NUMBER_ONLY) return t('minimum.numberOnly');
    return text;
  };

  const errors = {
    area: message(formState.errors.area?.message),
    minimum_stock: message(formState.errors.minimum_stock?.message),
  };
  /** The server's message for a field, or none. */
  const fieldError = (name: keyof MinimumForm, text: string | undefined) => {
    if (text) setError(name, { message: text });
    else clearErrors(name);
  };

  const submit = handleSubmit(
    (values) => {
      setStatus(null);
      save(Number(values.minimum_stock.trim()));
    },
    () => setStatus(null),
  );
  const save = (minimum: number) => {
    const areaName = areas.data?.find((row) => row.id === areaId)?.description ?? '';
    const onSuccess = (saved: { minimum_stock: number; current_stock: number }) => {
      setStatus({
        kind: 'success',
        message: t('minimum.saved', { value: quantity(saved.minimum_stock), area: areaName }),
        details:
          saved.current_stock < saved.minimum_stock ? [t('minimum.alarm', { current: quantity(saved.current_stock) })] : [],
      });
    };
    const onError = (error: Error) => {
      const fields = error instanceof ApiError ? (error.body.errors ?? {}) : {};
      fieldError('area', fields.area?.[0]);
      fieldError('minimum_stock', fields.minimum_stock?.[0]);
      setStatus({ kind: 'error', message: error instanceof ApiError ? (message(error.message) ?? '') : t('minimum.failed') });
    };
    if (record) update.mutate({ id: record.id, area: areaId, minimum_stock: minimum }, { onSuccess, onError });
    else create.mutate({ area: areaId, item_type: itemTypeId, minimum_stock: minimum }, { onSuccess, onError });
  };

  return {
    location,
    role,
    itemType,
    form,
    area,
    areaId,
    value,
    status,
    setStatus,
    canEdit,
    record,
    catalogDefault,
    current,
    errors,
    submit,
    quantity,
    isSaving: create.isPending || update.isPending,
  };
};
