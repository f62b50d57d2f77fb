import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Autocomplete, Box, Button, Chip, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type ItemType, printItemSchema, printOrderCreateBodySchema, SCAN_GTIN_LENGTH } from '@rfid/contract';
import { gtinFromScan } from '@rfid/epc';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { FormStatus } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { ItemTypeOption, itemTypeVariant, itemVariantText } from '../../components/item-type';
import { PageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { AddGtinDialog } from '../catalog';
import { type FormatChoice, FormatFields, PRINT_PATHS, useCreatePrintOrder, useTagFormats } from '../print-wizard';
import { PRINT_GTIN_SEARCH_MIN, usePrintGtinSearch } from './api/search-gtins';
import { formatChoiceErrors, formatChoiceFields } from './components/format-choice-schema';
import { OrderFormFooter } from './components/order-form-footer';
import { printErrorStatus } from './components/print-form-status';

/**
 * The form, checked with the contract's print order body: the tag type and format chosen, the name, and the rows (a GTIN
 * typed, its quantity as the contract's print item reads it). A GTIN the catalog lacks is the server's to flag.
 */
const manualFormSchema = z.object({
  ...formatChoiceFields,
  name: printOrderCreateBodySchema.shape.name,
  rows: z.array(
    z.object({
      gtin: z.string().trim().min(1, 'required'),
      quantity: printItemSchema.shape.quantity,
      description: z.string(),
    }),
  ),
});
type Row = { gtin: string; quantity: string; description: string };
type ManualForm = FormatChoice & { name: string; rows: Row[] };
// The contract's quantity reads any input (`unknown`); the field gives it as text.
const manualResolver = zodResolver(manualFormSchema, undefined, { raw: true }) as unknown as Resolver<ManualForm>;
type Option = { kind: 'gtin'; item: ItemType } | { kind: 'create'; gtin: string };

const emptyRow = (gtin = '', quantity = '1'): Row => ({ gtin, quantity, description: '' });

/** A row's GTIN: typed, searched from 8 characters on, picked, or created ('Create' opens the add-GTIN dialog). */
const GtinCell = ({
  row,
  index,
  onChange,
  onCreate,
}: {
  row: Row & { error?: string | undefined };
  index: number;
  onChange: (patch: Partial<Row>) => void;
  onCreate: (gtin: string) => void;
}) => {
  const { t } = useTranslation('printing');
  const { t: tc } = useTranslation('components');
  // The GTIN chosen reads in full under the field: description, size and colour.
  const variantText = (item: ItemType) =>
    [item.description, itemVariantText(tc, itemTypeVariant(item))].filter(Boolean).join(' · ');
  const text = useDebounced(row.gtin.trim());
  const search = usePrintGtinSearch(text);
  const found = text.length >= PRINT_GTIN_SEARCH_MIN ? (search.data ?? []) : [];
  const typed = row.gtin.trim();
  const options: Option[] = found.map((item) => ({ kind: 'gtin', item }));
  const isExact = found.some((item) => item.gtin === typed.padStart(14, '0'));
  if (/^\d{8,14}$/.test(typed) && !isExact && !search.isFetching) options.push({ kind: 'create', gtin: typed });
  return (
    <Autocomplete<Option, false, false, true>
      freeSolo
      options={options}
      filterOptions={(list) => list}
      inputValue={row.gtin}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') onChange({ gtin: value, description: '' });
      }}
      onChange={(_, value) => {
        if (!value || typeof value === 'string') return;
        if (value.kind === 'create') onCreate(value.gtin);
        else onChange({ gtin: value.item.gtin, description: variantText(value.item) });
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.kind === 'gtin' ? option.item.gtin : option.gtin)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid={option.kind === 'create' ? 'gtin-option-create' : 'gtin-option'}>
            {option.kind === 'create' ? (
              t('manual.create', { gtin: option.gtin })
            ) : (
              <ItemTypeOption item={itemTypeVariant(option.item)} />
            )}
          </li>
        );
      }}
      loading={search.isFetching}
      loadingText={t('manual.searching')}
      noOptionsText={
        typed.length < PRINT_GTIN_SEARCH_MIN ? t('manual.typeMore', { count: PRINT_GTIN_SEARCH_MIN }) : t('manual.noMatch')
      }
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('fields.gtin')}
          error={Boolean(row.error)}
          helperText={row.error ?? (row.description || undefined)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric', 'data-testid': `manual-gtin-${index}` },
          }}
        />
      )}
    />
  );
};

/**
 * Generate a print order by hand (spec section 2): tag type and format, GTIN and quantity rows added and removed, a
 * scan icon that focuses a hidden input reading a GS1-128 scan (the 14 digits after AI 01 are the GTIN), 'Create' for an
 * unknown GTIN. A row whose GTIN does not exist is flagged and the order is not created (spec sections 5 and 8).
 */
export const CreateManualPage = () => {
  const { t } = useTranslation('printing');
  const [params] = useSearchParams();
  const create = useCreatePrintOrder();
  const initialType = Number(params.get('tag_type')) || null;
  const initialFormat = Number(params.get('format')) || null;
  const { handleSubmit, setValue, getValues, setError, clearErrors, reset, watch, control, formState } = useForm<ManualForm>({
    // Raw: the rows are sent as typed (trimmed here); an error stays until its field is edited or the next send.
    resolver: manualResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { tagType: initialType, format: null, name: '', rows: [emptyRow()] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const { tagType, format, name, rows } = watch();
  const errors = formState.errors;
  const [pendingFormat, setPendingFormat] = useState<number | null>(initialFormat);
  const formats = useTagFormats(tagType);
  const [status, setStatus] = useState<FormStatus>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [creating, setCreating] = useState<{ key: string; gtin: string } | null>(null);
  const [isScanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const scanInput = useRef<HTMLInputElement>(null);

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
  const choose = (next: FormatChoice) => {
    setPendingFormat(null);
    if (next.tagType !== tagType) clearErrors('tagType');
    if (next.format !== format) clearErrors('format');
    setValue('tagType', next.tagType);
    setValue('format', next.format);
  };

  const readScan = (value: string) => {
    try {
      const gtin = gtinFromScan(value);
      if (gtin.length !== SCAN_GTIN_LENGTH) throw new Error('length');
      const empty = getValues('rows').findIndex((r) => r.gtin.trim() === '');
      if (empty >= 0) patch(empty, { gtin });
      else append(emptyRow(gtin));
      setScanNote({ kind: 'success', text: t('manual.scanned', { gtin }) });
    } catch {
      setScanNote({ kind: 'error', text: t('manual.badScan', { scan: value }) });
    }
  };

  const formatErrors = formatChoiceErrors(errors, t);
  const gtinError = (index: number): string | undefined => {
    const found = errors.rows?.[index]?.gtin?.message;
    if (found === undefined) return undefined;
    return t(found === 'notFound' ? 'manual.notFound' : 'manual.gtinRequired');
  };

  const submit = handleSubmit(
    (values) => {
      setStatus(null);
      if (values.format) send(values.format.id, values);
    },
    () => setStatus(null),
  );
  const send = (formatId: number, values: ManualForm) => {
    create.mutate(
      {
        tag_company_format: formatId,
        name: values.name.trim(),
        items: values.rows.map((r) => ({ gtin: r.gtin.trim(), quantity: Number(r.quantity) })),
      },
      {
        onSuccess: (order) => {
          setStatus({ kind: 'success', message: t('messages.added', { id: order.id }) });
          setCreatedId(order.id);
          // A scan's note belongs to the order being typed: it goes with it.
          setScanNote(null);
          reset({ ...getValues(), name: '', rows: [emptyRow()] });
        },
        onError: (error) => {
          // The rows the server did not find are flagged (items.<n>.gtin); the order was not created.
          if (error instanceof ApiError) {
            for (const field of Object.keys(error.body.errors ?? {})) {
              const match = /^items\.(\d+)\.(gtin|quantity)$/.exec(field);
              if (match) setError(`rows.${Number(match[1])}.gtin`, { message: 'notFound' });
            }
          }
          setStatus(printErrorStatus(error, t));
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="create-manual-page">
      <PageTitle backTo={PRINT_PATHS.orders} title={t('manual.title')} subtitle={t('manual.subtitle')} />
      <FormCard onSubmit={() => void submit()}>
        <FormatFields value={{ tagType, format }} onChange={choose} errors={formatErrors} />
        <TextField
          label={t('fields.name')}
          value={name}
          onChange={(event) => setValue('name', event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'manual-name' } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {/* The hint describes the button; its name stays its visible text. */}
          <Tooltip title={t('manual.scanHint')} describeChild>
            <Button
              variant="outlined"
              startIcon={<QrCodeScannerIcon />}
              onClick={() => scanInput.current?.focus()}
              data-testid="manual-scan"
            >
              {t('manual.scan')}
            </Button>
          </Tooltip>
          {isScanning && <Chip color="success" size="small" label={t('manual.scannerReady')} data-testid="scanner-ready" />}
          {/* The scanner types here (a keyboard wedge) and ends with Enter. */}
          <Box
            component="input"
            ref={scanInput}
            aria-label={t('manual.scanInput')}
            data-testid="manual-scan-input"
            onFocus={() => setScanning(true)}
            onBlur={() => setScanning(false)}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const value = event.currentTarget.value;
              event.currentTarget.value = '';
              if (value.trim()) readScan(value);
            }}
            sx={{
              position: 'absolute',
              width: '1px',
              height: '1px',
              opacity: 0,
              border: 0,
              p: 0,
              overflow: 'hidden',
              pointerEvents: 'none',
            }}
          />
        </Stack>
        {scanNote && (
          <Alert severity={scanNote.kind} onClose={() => setScanNote(null)} data-testid={`scan-${scanNote.kind}`}>
            {scanNote.text}
          </Alert>
        )}
        <Stack spacing={1.5} data-testid="manual-rows">
          {fields.map((field, index) => {
            const row = rows[index] ?? field;
            const quantityError = errors.rows?.[index]?.quantity ? t('manual.quantityRule') : undefined;
            return (
              <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="manual-row">
                <GtinCell
                  row={{ ...row, error: gtinError(index) }}
                  index={index}
                  onChange={(change) => patch(index, change)}
                  onCreate={(gtin) => setCreating({ key: field.id, gtin })}
                />
                <TextField
                  size="small"
                  type="number"
                  label={t('fields.quantity')}
                  value={row.quantity}
                  onChange={(event) => {
                    setValue(`rows.${index}.quantity`, event.target.value);
                    clearErrors(`rows.${index}.quantity`);
                  }}
                  error={Boolean(quantityError)}
                  helperText={quantityError}
                  sx={{ width: { xs: 96, sm: 130 }, flexShrink: 0 }}
                  slotProps={{ htmlInput: { min: 1, 'data-testid': `manual-quantity-${index}` } }}
                />
                <IconButton
                  onClick={() => remove(index)}
                  disabled={fields.length === 1}
                  aria-label={t('manual.removeRow')}
                  data-testid={`manual-remove-${index}`}
                  sx={{ mt: 0.5 }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            );
          })}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => append(emptyRow())} data-testid="manual-add-row">
              {t('manual.addRow')}
            </Button>
          </Box>
        </Stack>
        <OrderFormFooter
          status={status}
          onCloseStatus={() => setStatus(null)}
          createdId={createdId}
          isPending={create.isPending}
          submitLabel={t('manual.submit')}
          submitTestId="manual-submit"
        />
      </FormCard>
      <AddGtinDialog
        open={creating !== null}
        initialGtin={creating?.gtin ?? ''}
        onClose={() => setCreating(null)}
        onCreated={(item) => {
          const index = fields.findIndex((field) => field.id === creating?.key);
          if (index >= 0) patch(index, { gtin: item.gtin, description: item.description });
        }}
      />
    </Stack>
  );
};
