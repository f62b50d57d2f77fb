import { useEffect, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FormStatus } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-client';
import { type FormatChoice, useCreatePrintOrder, useTagFormats } from '../../print-wizard';
import { formatChoiceErrors } from '../components/format-choice-schema';
import { printErrorStatus } from '../components/print-form-status';
import { emptyRow, type ManualForm, manualResolver, missingRows, type Row, scannedGtin } from './manual-form';

export type ScanNote = { kind: 'success' | 'error'; text: string };

/**
 * The send of the form: the contract's print order body (the rows trimmed). On success the status names the order and
 * the form starts again with its tag type and format; on an error the rows the server did not find are flagged.
 */
const useManualSend = ({ reset, getValues, setError }: UseFormReturn<ManualForm>, clearScanNote: () => void) => {
  const { t } = useTranslation('printing');
  const create = useCreatePrintOrder();
  const [status, setStatus] = useState<FormStatus>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const send = (formatId: number, form: ManualForm) => {
    create.mutate(
      {
        tag_company_format: formatId,
        name: form.name.trim(),
        items: form.rows.map((r) => ({ gtin: r.gtin.trim(), quantity: Number(r.quantity) })),
      },
      {
        onSuccess: (order) => {
          setStatus({ kind: 'success', message: t('messages.added', { id: order.id }) });
          setCreatedId(order.id);
          // A scan's note belongs to the order being typed: it goes with it.
          clearScanNote();
          reset({ ...getValues(), name: '', rows: [emptyRow()] });
        },
        onError: (error) => {
          // The rows the server did not find are flagged (items.<n>.gtin); the order was not created.
          if (error instanceof ApiError) {
            for (const index of missingRows(error.body.errors)) setError(`rows.${index}.gtin`, { message: 'notFound' });
          }
          setStatus(printErrorStatus(error, t));
        },
      },
    );
  };

  return { send, status, setStatus, createdId, isPending: create.isPending };
};

/**
 * The state of the manual print order form: the fields (the tag type and format may come in the address, from the
 * dashboard wizard's "new order"), the rows, a scan's note, and the send with its status and the order it created.
 */
export const useManualForm = () => {
  const { t } = useTranslation('printing');
  const [params] = useSearchParams();
  const initialType = Number(params.get('tag_type')) || null;
  const initialFormat = Number(params.get('format')) || null;
  const form = useForm<ManualForm>({
    // Raw: the rows are sent as typed (trimmed here); an error stays until its field is edited or the next send.
    resolver: manualResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { tagType: initialType, format: null, name: '', rows: [emptyRow()] },
  });
  const { handleSubmit, setValue, getValues, clearErrors, watch, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const values = watch();
  const { tagType, format } = values;
  const errors = formState.errors;
  const [pendingFormat, setPendingFormat] = useState<number | null>(initialFormat);
  const formats = useTagFormats(tagType);
  const [scanNote, setScanNote] = useState<ScanNote | null>(null);
  const { send, status, setStatus, createdId, isPending } = useManualSend(form, () => setScanNote(null));

  // The dashboard wizard's "new order" comes with its tag type and format chosen.
  useEffect(() => {
    if (pendingFormat === null || !formats.data) return;
    setValue('format', formats.data.find((f) => f.id === pendingFormat) ?? null);
    setPendingFormat(null);
  }, [pendingFormat, formats.data, setValue]);

  /** Editing a row's GTIN clears its error until the next send. */
  const patch = (index: number, change: Partial<Row>) => {
    if (change.gtin !== undefined) {
      setValue(`rows.${index}.gtin`, change.gtin);
      clearErrors(`rows.${index}.gtin`);
    }
    if (change.description !== undefined) setValue(`rows.${index}.description`, change.description);
  };

  return {
    values,
    fields,
    addRow: () => append(emptyRow()),
    removeRow: remove,
    patch,
    setName: (name: string) => setValue('name', name),
    setQuantity: (index: number, quantity: string) => {
      setValue(`rows.${index}.quantity`, quantity);
      clearErrors(`rows.${index}.quantity`);
    },
    choose: (next: FormatChoice) => {
      setPendingFormat(null);
      if (next.tagType !== tagType) clearErrors('tagType');
      if (next.format !== format) clearErrors('format');
      setValue('tagType', next.tagType);
      setValue('format', next.format);
    },
    readScan: (value: string) => {
      try {
        const gtin = scannedGtin(value);
        const empty = getValues('rows').findIndex((r) => r.gtin.trim() === '');
        if (empty >= 0) patch(empty, { gtin });
        else append(emptyRow(gtin));
        setScanNote({ kind: 'success', text: t('manual.scanned', { gtin }) });
      } catch {
        setScanNote({ kind: 'error', text: t('manual.badScan', { scan: value }) });
      }
    },
    scanNote,
    closeScanNote: () => setScanNote(null),
    formatErrors: formatChoiceErrors(errors, t),
    gtinError: (index: number): string | undefined => {
      const found = errors.rows?.[index]?.gtin?.message;
      if (found === undefined) return undefined;
      return t(found === 'notFound' ? 'manual.notFound' : 'manual.gtinRequired');
    },
    quantityError: (index: number) => (errors.rows?.[index]?.quantity ? t('manual.quantityRule') : undefined),
    submit: handleSubmit(
      (sent) => {
        setStatus(null);
        if (sent.format) send(sent.format.id, sent);
      },
      () => setStatus(null),
    ),
    status,
    closeStatus: () => setStatus(null),
    createdId,
    isPending,
  };
};

export type ManualFormState = ReturnType<typeof useManualForm>;
