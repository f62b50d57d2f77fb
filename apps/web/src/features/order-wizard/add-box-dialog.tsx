import { zodResolver } from '@hookform/resolvers/zod';
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
import { boxBarcodeOf, boxContentLineSchema, boxCreateBodySchema, type ItemType } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddGtinDialog } from '../catalog';
import { GtinField } from './gtin-field';

/**
 * The dialog's fields, checked with the contract's box create body: the barcode, and the rows (a catalog GTIN chosen and
 * its quantity as the contract's content line reads it).
 */
const addBoxSchema = z.object({
  barcode: boxCreateBodySchema.shape.codebar,
  rows: z.array(
    z.object({
      gtin: z
        .object({ gtin: boxContentLineSchema.shape.gtin })
        .nullable()
        .refine((gtin) => gtin !== null, 'missing'),
      quantity: boxContentLineSchema.shape.quantity,
    }),
  ),
});
type Row = { gtin: ItemType | null; quantity: string };
type AddBoxForm = { barcode: string; rows: Row[] };
const EMPTY: AddBoxForm = { barcode: '', rows: [{ gtin: null, quantity: '1' }] };
// The contract's quantity reads any input (`unknown`); the field gives it as text.
const addBoxResolver = zodResolver(addBoxSchema, undefined, { raw: true }) as unknown as Resolver<AddBoxForm>;

/** A box of the wizard's draft: what the order's one call sends, and the list's figures. */
export type AddedBox = {
  box: { codebar: string; contents: { gtin: string; quantity: number }[] };
  gtinCount: number;
  units: number;
};

export type AddBoxDialogProps = {
  open: boolean;
  /** The barcodes of the draft's boxes: one of them again is refused here, before the order is sent. */
  takenBarcodes: readonly string[];
  onClose: () => void;
  onAdded: (added: AddedBox) => void;
};

/**
 * Add-box dialog (spec section 2): the box barcode and repeatable GTIN + quantity rows (at least one). The box joins the
 * wizard's draft; the order and all its boxes are created together at the wizard's end (a barcode the company already
 * has is refused then, naming the box).
 */
export const AddBoxDialog = ({ open, takenBarcodes, onClose, onAdded }: AddBoxDialogProps) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [creating, setCreating] = useState<{ rowKey: string; gtin: string } | null>(null);
  const { register, handleSubmit, setValue, setError, clearErrors, reset, watch, control, formState } = useForm<AddBoxForm>({
    // Raw: the barcode is sent trimmed as typed; an error stays until its field is edited or the next send.
    resolver: addBoxResolver,
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const rows = watch('rows');
  const errors = formState.errors;
  const barcodeError = errors.barcode
    ? t(errors.barcode.message === 'duplicate' ? 'box.duplicateHere' : 'box.required')
    : undefined;

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
  }, [open, reset]);

  const setGtin = (index: number, gtin: ItemType | null) => {
    setValue(`rows.${index}.gtin`, gtin);
    clearErrors(`rows.${index}.gtin`);
  };

  /** Whether the barcode typed is one of the draft's already (said on the field at once, other errors or not). */
  const isTaken = (barcode: string) => takenBarcodes.includes(boxBarcodeOf(barcode.trim()));
  const submit = handleSubmit(
    (values) => add(values),
    () => {
      if (isTaken(watch('barcode'))) setError('barcode', { message: 'duplicate' });
    },
  );
  const add = (values: AddBoxForm) => {
    const codebar = boxBarcodeOf(values.barcode.trim());
    if (isTaken(codebar)) {
      setError('barcode', { message: 'duplicate' });
      return;
    }
    // The same GTIN on two rows is one line with the summed quantity.
    const lines = new Map<string, number>();
    for (const row of values.rows) if (row.gtin) lines.set(row.gtin.gtin, (lines.get(row.gtin.gtin) ?? 0) + Number(row.quantity));
    const contents = [...lines].map(([gtin, quantity]) => ({ gtin, quantity }));
    onAdded({
      box: { codebar, contents },
      gtinCount: contents.length,
      units: contents.reduce((sum, line) => sum + line.quantity, 0),
    });
    onClose();
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isPhone} data-testid="add-box-dialog">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogTitle>{t('box.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t('box.barcode')}
                {...register('barcode', { onChange: () => clearErrors('barcode') })}
                required
                autoFocus
                error={Boolean(barcodeError)}
                helperText={barcodeError}
                slotProps={{ htmlInput: { 'data-testid': 'box-barcode', maxLength: 128 } }}
              />
              {fields.map((field, index) => (
                <Stack
                  key={field.id}
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
                    value={rows[index]?.gtin ?? null}
                    onChange={(gtin) => setGtin(index, gtin)}
                    onCreate={(gtin) => setCreating({ rowKey: field.id, gtin })}
                    error={errors.rows?.[index]?.gtin ? t('box.gtinMissing') : undefined}
                    testId={`box-gtin-${index}`}
                  />
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
                    <TextField
                      size="small"
                      type="number"
                      label={t('box.quantity')}
                      value={rows[index]?.quantity ?? ''}
                      onChange={(event) => {
                        setValue(`rows.${index}.quantity`, event.target.value);
                        clearErrors(`rows.${index}.quantity`);
                      }}
                      error={Boolean(errors.rows?.[index]?.quantity)}
                      helperText={errors.rows?.[index]?.quantity ? t('box.minQuantity') : undefined}
                      sx={{ width: 110, flexShrink: 0 }}
                      slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': `box-quantity-${index}` } }}
                    />
                    <IconButton
                      aria-label={t('box.removeRow')}
                      disabled={fields.length === 1}
                      onClick={() => remove(index)}
                      sx={{ mt: 0.5 }}
                    >
                      <RemoveIcon />
                    </IconButton>
                  </Stack>
                </Stack>
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => append({ gtin: null, quantity: '1' })}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="box-add-row"
              >
                {t('box.addRow')}
              </Button>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('box.cancel')}</Button>
            <Button type="submit" variant="contained" data-testid="box-save">
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
          const index = fields.findIndex((field) => field.id === creating?.rowKey);
          if (index >= 0) setGtin(index, item);
        }}
      />
    </>
  );
};
