import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Autocomplete, Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type ItemType, PRINT_ROW_MAX_QUANTITY, SCAN_GTIN_LENGTH } from '@rfid/contract';
import { gtinFromScan } from '@rfid/epc';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FormStatus } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { AddGtinDialog } from '../catalog';
import { type FormatChoice, FormatFields, PRINT_PATHS, useCreatePrintOrder, useTagFormats } from '../print-wizard';
import { PRINT_GTIN_SEARCH_MIN, usePrintGtinSearch } from './api/search-gtins';
import { OrderFormFooter } from './components/order-form-footer';
import { printErrorStatus } from './components/print-form-status';

type Row = { key: number; gtin: string; quantity: string; description: string; error?: string };
type Option = { kind: 'gtin'; item: ItemType } | { kind: 'create'; gtin: string };

let nextKey = 1;
const emptyRow = (gtin = '', quantity = '1'): Row => ({ key: nextKey++, gtin, quantity, description: '' });
const isQuantity = (value: string) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= PRINT_ROW_MAX_QUANTITY;

/** A row's GTIN: typed, searched from 8 characters on, picked, or created ('Create' opens the add-GTIN dialog). */
const GtinCell = ({
  row,
  index,
  onChange,
  onCreate,
}: {
  row: Row;
  index: number;
  onChange: (patch: Partial<Row>) => void;
  onCreate: (gtin: string) => void;
}) => {
  const { t } = useTranslation('printing');
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
        if (reason === 'input' || reason === 'clear') onChange({ gtin: value, description: '', error: undefined });
      }}
      onChange={(_, value) => {
        if (!value || typeof value === 'string') return;
        if (value.kind === 'create') onCreate(value.gtin);
        else onChange({ gtin: value.item.gtin, description: value.item.description, error: undefined });
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.kind === 'gtin' ? option.item.gtin : option.gtin)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid={option.kind === 'create' ? 'gtin-option-create' : 'gtin-option'}>
            {option.kind === 'create'
              ? t('manual.create', { gtin: option.gtin })
              : `${option.item.gtin} · ${option.item.description}`}
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
  const [choice, setChoice] = useState<FormatChoice>({ tagType: initialType, format: null });
  const [pendingFormat, setPendingFormat] = useState<number | null>(initialFormat);
  const formats = useTagFormats(choice.tagType);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [isSubmitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [creating, setCreating] = useState<{ key: number; gtin: string } | null>(null);
  const [isScanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const scanInput = useRef<HTMLInputElement>(null);

  // The dashboard wizard's "new order" comes with its tag type and format chosen.
  useEffect(() => {
    if (pendingFormat === null || !formats.data) return;
    const format = formats.data.find((f) => f.id === pendingFormat) ?? null;
    setChoice((current) => ({ ...current, format }));
    setPendingFormat(null);
  }, [pendingFormat, formats.data]);

  const patch = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const readScan = (value: string) => {
    try {
      const gtin = gtinFromScan(value);
      if (gtin.length !== SCAN_GTIN_LENGTH) throw new Error('length');
      setRows((current) => {
        const empty = current.find((r) => r.gtin.trim() === '');
        return empty
          ? current.map((r) => (r.key === empty.key ? { ...r, gtin, error: undefined } : r))
          : [...current, emptyRow(gtin)];
      });
      setScanNote({ kind: 'success', text: t('manual.scanned', { gtin }) });
    } catch {
      setScanNote({ kind: 'error', text: t('manual.badScan', { scan: value }) });
    }
  };

  const formatErrors = isSubmitted
    ? {
        ...(choice.tagType === null ? { tagType: t('fields.selectTagType') } : {}),
        ...(choice.format === null ? { format: t('fields.selectFormat') } : {}),
      }
    : {};

  const submit = () => {
    setSubmitted(true);
    setStatus(null);
    const checked = rows.map((r) => ({ ...r, error: r.gtin.trim() === '' ? t('manual.gtinRequired') : r.error }));
    setRows(checked);
    if (!choice.format || checked.some((r) => r.gtin.trim() === '' || !isQuantity(r.quantity))) return;
    const sent = checked;
    create.mutate(
      {
        tag_company_format: choice.format.id,
        name: name.trim(),
        items: sent.map((r) => ({ gtin: r.gtin.trim(), quantity: Number(r.quantity) })),
      },
      {
        onSuccess: (order) => {
          setStatus({ kind: 'success', message: t('messages.added', { id: order.id }) });
          setCreatedId(order.id);
          setRows([emptyRow()]);
          setName('');
          setSubmitted(false);
        },
        onError: (error) => {
          // The rows the server did not find are flagged (items.<n>.gtin); the order was not created.
          if (error instanceof ApiError) {
            const flagged = new Map<number, string>();
            for (const [field, messages] of Object.entries(error.body.errors ?? {})) {
              const match = /^items\.(\d+)\.(gtin|quantity)$/.exec(field);
              if (match) flagged.set(Number(match[1]), messages[0] ?? '');
            }
            if (flagged.size) setRows(sent.map((r, index) => (flagged.has(index) ? { ...r, error: t('manual.notFound') } : r)));
          }
          setStatus(printErrorStatus(error, t));
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="create-manual-page">
      <PageTitle backTo={PRINT_PATHS.orders} title={t('manual.title')} subtitle={t('manual.subtitle')} />
      <Card>
        <CardContent>
          <Stack
            spacing={2}
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <FormatFields
              value={choice}
              onChange={(next) => {
                setPendingFormat(null);
                setChoice(next);
              }}
              errors={formatErrors}
            />
            <TextField
              label={t('fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'manual-name' } }}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Tooltip title={t('manual.scanHint')}>
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
              {rows.map((row, index) => (
                <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="manual-row">
                  <GtinCell
                    row={row}
                    index={index}
                    onChange={(change) => patch(row.key, change)}
                    onCreate={(gtin) => setCreating({ key: row.key, gtin })}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={t('fields.quantity')}
                    value={row.quantity}
                    onChange={(event) => patch(row.key, { quantity: event.target.value })}
                    error={isSubmitted && !isQuantity(row.quantity)}
                    helperText={isSubmitted && !isQuantity(row.quantity) ? t('manual.quantityRule') : undefined}
                    sx={{ width: { xs: 96, sm: 130 }, flexShrink: 0 }}
                    slotProps={{ htmlInput: { min: 1, 'data-testid': `manual-quantity-${index}` } }}
                  />
                  <IconButton
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    disabled={rows.length === 1}
                    aria-label={t('manual.removeRow')}
                    data-testid={`manual-remove-${index}`}
                    sx={{ mt: 0.5 }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => setRows((current) => [...current, emptyRow()])}
                  data-testid="manual-add-row"
                >
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
          </Stack>
        </CardContent>
      </Card>
      <AddGtinDialog
        open={creating !== null}
        initialGtin={creating?.gtin ?? ''}
        onClose={() => setCreating(null)}
        onCreated={(item) => {
          if (creating) patch(creating.key, { gtin: item.gtin, description: item.description, error: undefined });
        }}
      />
    </Stack>
  );
};
