import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Box, ItemType } from '@rfid/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { AddGtinDialog } from '../catalog';
import { useCreateBox } from './api/create-box';
import { GtinField } from './gtin-field';

type Row = { key: number; gtin: ItemType | null; quantity: string; error?: string; quantityError?: string };

export type AddedBox = { box: Box; gtinCount: number; units: number };

export type AddBoxDialogProps = {
  open: boolean;
  receptionId: number;
  onClose: () => void;
  onAdded: (added: AddedBox) => void;
};

/**
 * Add-box dialog (spec section 2): the box barcode and repeatable GTIN + quantity rows (at least
 * one); the box and its contents are created in one call. 409 shows 'Barcode already exists'.
 */
export const AddBoxDialog = ({ open, receptionId, onClose, onAdded }: AddBoxDialogProps) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateBox();
  const nextKey = useRef(1);
  const [barcode, setBarcode] = useState('');
  const [barcodeError, setBarcodeError] = useState('');
  const [rows, setRows] = useState<Row[]>([{ key: 0, gtin: null, quantity: '1' }]);
  const [status, setStatus] = useState<FormStatus>(null);
  const [creating, setCreating] = useState<{ rowKey: number; gtin: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setBarcode('');
    setBarcodeError('');
    setRows([{ key: 0, gtin: null, quantity: '1' }]);
    setStatus(null);
  }, [open]);

  const updateRow = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = () => {
    setStatus(null);
    const code = barcode.trim();
    const checked = rows.map((row) => {
      const quantity = Number(row.quantity);
      return {
        ...row,
        error: row.gtin ? undefined : t('box.gtinMissing'),
        quantityError: Number.isInteger(quantity) && quantity >= 1 ? undefined : t('box.minQuantity'),
      };
    });
    setRows(checked);
    setBarcodeError(code ? '' : t('box.required'));
    if (!code || checked.some((row) => row.error || row.quantityError)) return;
    // The same GTIN on two rows is one line with the summed quantity.
    const lines = new Map<string, number>();
    for (const row of checked) if (row.gtin) lines.set(row.gtin.gtin, (lines.get(row.gtin.gtin) ?? 0) + Number(row.quantity));
    const contents = [...lines].map(([gtin, quantity]) => ({ gtin, quantity }));
    create.mutate(
      { codebar: code, reception_id: receptionId, contents },
      {
        onSuccess: (box) => {
          onAdded({ box, gtinCount: contents.length, units: contents.reduce((sum, line) => sum + line.quantity, 0) });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setBarcodeError(t('box.duplicate'));
          else setStatus(errorStatus(error, t('common:errors.notCompleted')));
        },
      },
    );
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isPhone} data-testid="add-box-dialog">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogTitle>{t('box.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t('box.barcode')}
                value={barcode}
                onChange={(event) => {
                  setBarcode(event.target.value);
                  setBarcodeError('');
                }}
                required
                autoFocus
                error={Boolean(barcodeError)}
                helperText={barcodeError || undefined}
                slotProps={{ htmlInput: { 'data-testid': 'box-barcode', maxLength: 128 } }}
              />
              {rows.map((row, index) => (
                <Stack
                  key={row.key}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{
                    alignItems: { sm: 'flex-start' },
                    pb: { xs: 1.5, sm: 0 },
                    borderBottom: { xs: 1, sm: 0 },
                    borderColor: 'divider',
                  }}
                  data-testid="box-row"
                >
                  <GtinField
                    value={row.gtin}
                    onChange={(gtin) => updateRow(row.key, { gtin, error: undefined })}
                    onCreate={(gtin) => setCreating({ rowKey: row.key, gtin })}
                    error={row.error}
                    testId={`box-gtin-${index}`}
                  />
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
                    <TextField
                      size="small"
                      type="number"
                      label={t('box.quantity')}
                      value={row.quantity}
                      onChange={(event) => updateRow(row.key, { quantity: event.target.value, quantityError: undefined })}
                      error={Boolean(row.quantityError)}
                      helperText={row.quantityError}
                      sx={{ width: 110, flexShrink: 0 }}
                      slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': `box-quantity-${index}` } }}
                    />
                    <IconButton
                      aria-label={t('box.removeRow')}
                      disabled={rows.length === 1}
                      onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                      sx={{ mt: 0.5 }}
                    >
                      <RemoveIcon />
                    </IconButton>
                  </Stack>
                </Stack>
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => {
                  const key = nextKey.current++;
                  setRows((current) => [...current, { key, gtin: null, quantity: '1' }]);
                }}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="box-add-row"
              >
                {t('box.addRow')}
              </Button>
              <FormAlert status={status} onClose={() => setStatus(null)} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('box.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={create.isPending} data-testid="box-save">
              {t('box.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <AddGtinDialog
        open={Boolean(creating)}
        initialGtin={creating?.gtin ?? ''}
        onClose={() => setCreating(null)}
        onCreated={(item) => {
          if (creating) updateRow(creating.rowKey, { gtin: item, error: undefined });
        }}
      />
    </>
  );
};
