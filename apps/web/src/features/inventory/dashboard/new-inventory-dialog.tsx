import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { type ItemType, inventoryCreateBodySchema } from '@rfid/contract';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { SimpleDialog } from '../../../components/simple-dialog';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifier';
import { useCreateInventory } from '../api/inventories-create';
import { useLocationAreas } from '../api/location-areas';
import { INVENTORY_PATHS } from '../paths';
import { GtinsPicker } from './gtins-picker';

/**
 * The dialog's fields, checked with the contract's create body: the area (the select's value, a
 * catalog id as text), total or partial, and the GTINs chosen (at least one for a partial inventory).
 */
const newInventorySchema = z
  .object({
    area: inventoryCreateBodySchema.shape.location_area,
    isPartial: z.boolean(),
    gtins: z.array(z.custom<ItemType>()),
  })
  .refine((form) => !form.isPartial || form.gtins.length > 0, { path: ['gtins'] });
type NewInventoryForm = { area: string; isPartial: boolean; gtins: ItemType[] };
const EMPTY: NewInventoryForm = { area: '', isPartial: false, gtins: [] };

/**
 * Opens an inventory of an area of the current location (POST /locations/{id}/inventories/, roles
 * 1 to 3): total, or partial with the GTINs chosen (searched by digits or description). The
 * expected stock is taken at once; then the handhelds of the area read into it. On success the
 * inventory's detail opens.
 */
export const NewInventoryDialog = ({ locationId, open, onClose }: { locationId: number; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const areas = useLocationAreas(locationId);
  const create = useCreateInventory(locationId);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewInventoryForm>({
    // Raw: the handler reads the fields as chosen; an error stays until its field is edited or the next send.
    // The contract's id reads any input (`unknown`); the select gives it the row's id as text.
    resolver: zodResolver(newInventorySchema, undefined, { raw: true }) as unknown as Resolver<NewInventoryForm>,
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const { area, isPartial, gtins } = form.watch();
  const { errors } = form.formState;
  const fieldErrors = {
    area: errors.area ? t('create.areaRequired') : undefined,
    gtins: errors.gtins ? t('create.gtinsRequired') : undefined,
  };

  const reset = () => {
    form.reset(EMPTY);
    setSearch('');
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const inventory = await create.mutateAsync({
        location_area: Number(values.area),
        ...(values.isPartial ? { item_types: values.gtins.map((g) => g.id) } : {}),
      });
      notify(t('create.done', { id: inventory.id }), 'success');
      close();
      void navigate(INVENTORY_PATHS.detail(inventory.id));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstFieldMessage : t('create.failed'));
    }
  });

  return (
    <SimpleDialog
      open={open}
      onClose={close}
      title={t('create.title')}
      testId="new-inventory-dialog"
      actions={
        <>
          <Button onClick={close} data-testid="new-inventory-cancel">
            {t('create.cancel')}
          </Button>
          <Button
            variant="contained"
            color="success"
            onClick={() => void submit()}
            disabled={create.isPending}
            data-testid="new-inventory-submit"
          >
            {t('create.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error && (
          <Alert severity="error" data-testid="new-inventory-error">
            {error}
          </Alert>
        )}
        <TextField
          select
          label={t('create.area')}
          value={area}
          onChange={(event) => {
            form.setValue('area', event.target.value);
            form.clearErrors('area');
          }}
          error={Boolean(fieldErrors.area)}
          helperText={fieldErrors.area ?? t('create.areaHint')}
          slotProps={{ htmlInput: { 'data-testid': 'new-inventory-area' } }}
        >
          {(areas.data?.results ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)} data-testid={`new-inventory-area-${row.id}`}>
              {row.description}
            </MenuItem>
          ))}
        </TextField>
        <RadioGroup
          row
          value={isPartial ? 'partial' : 'total'}
          onChange={(event) => form.setValue('isPartial', event.target.value === 'partial')}
        >
          <FormControlLabel value="total" control={<Radio data-testid="new-inventory-total" />} label={t('types.total')} />
          <FormControlLabel value="partial" control={<Radio data-testid="new-inventory-partial" />} label={t('types.partial')} />
        </RadioGroup>
        {isPartial && (
          <GtinsPicker
            gtins={gtins}
            onChange={(next) => {
              form.setValue('gtins', next);
              form.clearErrors('gtins');
            }}
            search={search}
            setSearch={setSearch}
            error={fieldErrors.gtins}
          />
        )}
      </Stack>
    </SimpleDialog>
  );
};
