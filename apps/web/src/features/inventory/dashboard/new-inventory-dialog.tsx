import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import type { ItemType } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifier';
import { useDebounced } from '../../../lib/use-debounced';
import { useCreateInventory } from '../api/inventories-create';
import { useLocationAreas } from '../api/location-areas';
import { GTIN_SEARCH_MIN, useSearchGtins } from '../api/search-gtins';
import { INVENTORY_PATHS } from '../paths';

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
  const [area, setArea] = useState('');
  const [isPartial, setIsPartial] = useState(false);
  const [gtins, setGtins] = useState<ItemType[]>([]);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ area?: string; gtins?: string }>({});
  const text = useDebounced(search.trim());
  const found = useSearchGtins(text);

  const reset = () => {
    setArea('');
    setIsPartial(false);
    setGtins([]);
    setSearch('');
    setError(null);
    setFieldErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = async () => {
    const errors = {
      ...(area ? {} : { area: t('create.areaRequired') }),
      ...(isPartial && gtins.length === 0 ? { gtins: t('create.gtinsRequired') } : {}),
    };
    setFieldErrors(errors);
    if (errors.area || errors.gtins) return;
    setError(null);
    try {
      const inventory = await create.mutateAsync({
        location_area: Number(area),
        ...(isPartial ? { item_types: gtins.map((g) => g.id) } : {}),
      });
      notify(t('create.done', { id: inventory.id }), 'success');
      close();
      void navigate(INVENTORY_PATHS.detail(inventory.id));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.firstFieldMessage : t('create.failed'));
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth data-testid="new-inventory-dialog">
      <DialogTitle>{t('create.title')}</DialogTitle>
      <DialogContent>
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
              setArea(event.target.value);
              setFieldErrors((current) => ({ ...current, area: undefined }));
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
            onChange={(event) => setIsPartial(event.target.value === 'partial')}
          >
            <FormControlLabel value="total" control={<Radio data-testid="new-inventory-total" />} label={t('types.total')} />
            <FormControlLabel
              value="partial"
              control={<Radio data-testid="new-inventory-partial" />}
              label={t('types.partial')}
            />
          </RadioGroup>
          {isPartial && (
            <Autocomplete
              multiple
              value={gtins}
              options={text.length >= GTIN_SEARCH_MIN ? (found.data?.results ?? []) : []}
              filterOptions={(list) => list}
              loading={found.isFetching}
              onChange={(_, next) => {
                setGtins(next);
                setFieldErrors((current) => ({ ...current, gtins: undefined }));
              }}
              onInputChange={(_, value, reason) => {
                if (reason === 'input' || reason === 'clear') setSearch(value);
              }}
              getOptionLabel={(option) => `${option.gtin} · ${option.description}`}
              isOptionEqualToValue={(option, other) => option.id === other.id}
              noOptionsText={
                text.length < GTIN_SEARCH_MIN ? t('create.typeMore', { count: GTIN_SEARCH_MIN }) : t('create.noMatch')
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('create.gtins')}
                  error={Boolean(fieldErrors.gtins)}
                  helperText={fieldErrors.gtins ?? t('create.gtinsHint')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'new-inventory-gtins' },
                  }}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
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
      </DialogActions>
    </Dialog>
  );
};
