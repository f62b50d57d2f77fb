import { zodResolver } from '@hookform/resolvers/zod';
import { boxBarcodeOf, boxContentLineSchema, boxCreateBodySchema, type ItemType } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AddBoxDialogProps } from './add-box-dialog';

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

/** The add-box dialog's form: the barcode, the GTIN rows, the GTIN being created, and the send. */
export const useAddBox = ({ open, takenBarcodes, onClose, onAdded }: AddBoxDialogProps) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const [creating, setCreating] = useState<{ rowKey: string; gtin: string } | null>(null);
  const form = useForm<AddBoxForm>({
    // Raw: the barcode is sent trimmed as typed; an error stays until its field is edited or the next send.
    resolver: addBoxResolver,
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const { handleSubmit, setValue, setError, clearErrors, reset, watch, control, formState } = form;
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

  return { form, fields, append, remove, rows, errors, barcodeError, setGtin, submit, creating, setCreating };
};

export type AddBoxState = ReturnType<typeof useAddBox>;
