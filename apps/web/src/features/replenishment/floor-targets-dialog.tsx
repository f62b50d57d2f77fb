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
import { FLOOR_TARGET_MAX } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFloorTargetChanges, useFloorTargets } from './api/floor-targets';

/** A whole number from 0 to FLOOR_TARGET_MAX typed in a field, or null. */
const targetOf = (text: string): number | null => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= FLOOR_TARGET_MAX ? value : null;
};

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
  const [byDefault, setByDefault] = useState('');
  const [gtin, setGtin] = useState('');
  const [target, setTarget] = useState('');
  const current = targets.data?.default;
  useEffect(() => {
    if (current !== undefined) setByDefault(String(current));
  }, [current]);

  const defaultValue = targetOf(byDefault);
  const overrideValue = targetOf(target);
  const isGtin = /^\d{8,14}$/.test(gtin.trim());

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
              value={byDefault}
              disabled={!canWrite}
              onChange={(event) => setByDefault(event.target.value)}
              error={byDefault !== '' && defaultValue === null}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-target-default' } }}
              sx={{ width: 160 }}
            />
            {canWrite && (
              <Button
                disabled={defaultValue === null || save.isPending}
                onClick={() => defaultValue !== null && save.mutate({ target: defaultValue })}
                data-testid="floor-target-default-save"
              >
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
                value={gtin}
                onChange={(event) => setGtin(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-target-gtin' } }}
                sx={{ width: 180 }}
              />
              <TextField
                size="small"
                label={t('targets.target')}
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-target-value' } }}
                sx={{ width: 110 }}
              />
              <Button
                disabled={!isGtin || overrideValue === null || save.isPending}
                onClick={() =>
                  overrideValue !== null &&
                  save.mutate({ gtin: gtin.trim(), target: overrideValue }, { onSuccess: () => setGtin('') })
                }
                data-testid="floor-target-add"
              >
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
