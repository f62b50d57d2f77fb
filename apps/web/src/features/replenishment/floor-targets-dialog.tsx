import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { FLOOR_TARGET_MAX, floorTargetDefaultBodySchema, floorTargetGtinBodySchema } from '@rfid/contract';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFloorTargetChanges, useFloorTargets } from './api/floor-targets';

/** What the fields hold (text as typed); the contract's schemas read the numbers out of it, as the server does. */
type DefaultForm = { target: string };
type GtinForm = { gtin: string; target: string };
// The resolvers answer the schemas' output (numbers) for the fields' text: the form's values are what the user typed.
const defaultResolver = zodResolver(floorTargetDefaultBodySchema) as unknown as Resolver<DefaultForm>;
const gtinResolver = zodResolver(floorTargetGtinBodySchema) as unknown as Resolver<GtinForm>;

/**
 * The store's floor targets: the default (units of each GTIN on the floor: one a size) and the overrides per GTIN or
 * section (a GTIN's wins over its section's, which wins over the default). Read-only roles see them without editing.
 */
export const FloorTargetsDialog = ({
  locationId,
  canWrite,
  onClose,
}: {
  locationId: number;
  canWrite: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('replenishment');
  const targets = useFloorTargets(locationId);
  const { save, remove } = useFloorTargetChanges(locationId);
  const defaultForm = useForm<DefaultForm>({ resolver: defaultResolver, defaultValues: { target: '' } });
  const gtinForm = useForm<GtinForm>({ resolver: gtinResolver, defaultValues: { gtin: '', target: '' } });
  const current = targets.data?.default;
  const resetDefault = defaultForm.reset;
  useEffect(() => {
    if (current !== undefined) resetDefault({ target: String(current) });
  }, [current, resetDefault]);
  const invalidTarget = t('targets.invalidTarget', { max: FLOOR_TARGET_MAX });
  const saveDefault = defaultForm.handleSubmit(({ target }) => save.mutate({ target }));
  const addGtin = gtinForm.handleSubmit(({ gtin, target }) =>
    save.mutate({ gtin: gtin.trim(), target }, { onSuccess: () => gtinForm.reset({ gtin: '', target }) }),
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="floor-targets-dialog">
      <DialogTitle>{t('targets.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('targets.hint')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('targets.default')}
              disabled={!canWrite}
              {...defaultForm.register('target')}
              error={Boolean(defaultForm.formState.errors.target)}
              helperText={defaultForm.formState.errors.target ? invalidTarget : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-target-default' } }}
              sx={{ width: 160 }}
            />
            {canWrite && (
              <Button disabled={save.isPending} onClick={() => void saveDefault()} data-testid="floor-target-default-save">
                {t('targets.save')}
              </Button>
            )}
          </Stack>
          <List dense data-testid="floor-target-overrides">
            {targets.data?.overrides.map((o) => (
              <ListItem
                key={o.id}
                secondaryAction={
                  canWrite && (
                    <IconButton edge="end" aria-label={t('targets.remove')} onClick={() => remove.mutate(o.id)}>
                      <DeleteIcon />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={
                    o.gtin
                      ? `${o.gtin}${o.description ? ` · ${o.description}` : ''}`
                      : t('targets.section', { section: o.section })
                  }
                  secondary={t('targets.units', { count: o.target })}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
            {targets.data?.overrides.length === 0 && (
              <ListItem>
                <ListItemText secondary={t('targets.none')} />
              </ListItem>
            )}
          </List>
          {canWrite && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <TextField
                size="small"
                label={t('targets.gtin')}
                {...gtinForm.register('gtin')}
                error={Boolean(gtinForm.formState.errors.gtin)}
                helperText={gtinForm.formState.errors.gtin ? t('targets.invalidGtin') : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-target-gtin' } }}
                sx={{ width: 180 }}
              />
              <TextField
                size="small"
                label={t('targets.target')}
                {...gtinForm.register('target')}
                error={Boolean(gtinForm.formState.errors.target)}
                helperText={gtinForm.formState.errors.target ? invalidTarget : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-target-value' } }}
                sx={{ width: 110 }}
              />
              <Button disabled={save.isPending} onClick={() => void addGtin()} data-testid="floor-target-add">
                {t('targets.add')}
              </Button>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('targets.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
