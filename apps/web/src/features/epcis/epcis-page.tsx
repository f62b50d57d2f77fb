import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-fields';
import { TitleText } from '../../components/page-title';
import { TableCard } from '../../components/table-card';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { downloadEpcisEvents } from './api/download-epcis-events';
import { EMPTY_FILTERS, type EpcisEvent, type EpcisFilters } from './api/epcis-request';
import { epcisEventsQuery } from './api/get-epcis-events';

const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'];
/** The CBV business steps and dispositions the product's own events use, and a few common ones. */
const BIZ_STEPS = [
  'receiving',
  'shipping',
  'cycle_counting',
  'retail_selling',
  'returning',
  'packing',
  'commissioning',
  'inspecting',
];
const DISPOSITIONS = [
  'in_progress',
  'in_transit',
  'sellable_accessible',
  'sellable_not_accessible',
  'retail_sold',
  'returned',
  'unknown',
];

/** A CBV value without its URI or URN prefix (`https://ref.gs1.org/cbv/BizStep-receiving` → `receiving`). */
const bare = (value: unknown) =>
  typeof value === 'string'
    ? value.replace(/^https:\/\/ref\.gs1\.org\/cbv\/[A-Za-z]+-/, '').replace(/^urn:epcglobal:cbv:[a-z]+:/, '')
    : '';
const idOf = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : '';
const epcsOf = (event: EpcisEvent): string[] =>
  ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'].flatMap((key) => {
    const list = event[key];
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  });

/**
 * EPCIS events (/epcis, issue 27): the GS1 EPCIS 2.0 events the user sees (the items ledger's and those captured),
 * queried by type, time, EPC, business step, disposition and location through the standard's query interface
 * (/epcis/events); a page at a time, and the whole answer downloadable as an EPCIS 2.0 JSON-LD document.
 */
export const EpcisPage = () => {
  const { t } = useTranslation(['epcis', 'common']);
  /** A CBV business step or disposition in the user's language; one the page has no name for, as its code. */
  const label = (group: 'bizSteps' | 'dispositions', value: unknown): string => {
    const code = bare(value);
    return code ? t(`${group}.${code}`, { defaultValue: code }) : '';
  };
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [form, setForm] = useState<EpcisFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<EpcisFilters>(EMPTY_FILTERS);
  /** The tokens of the pages before this one (the first page has none). */
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [isDownloading, setIsDownloading] = useState(false);
  const token = tokens.at(-1) ?? null;
  const page = useQuery({ ...epcisEventsQuery(applied, token), staleTime: 0 });

  const field = (name: keyof EpcisFilters) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(form);
    setTokens([null]);
  };
  const download = async () => {
    setIsDownloading(true);
    try {
      const { document, count, isCut } = await downloadEpcisEvents(applied);
      const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/ld+json' }));
      const link = Object.assign(window.document.createElement('a'), {
        href: url,
        download: `epcis-events-${new Date().toISOString().slice(0, 10)}.jsonld`,
      });
      link.click();
      URL.revokeObjectURL(url);
      notify(isCut ? t('download.cut', { count }) : t('download.done', { count }), 'success');
    } catch (error) {
      notify(error instanceof ApiError ? error.message : t('common:errors.connection'), 'error');
    } finally {
      setIsDownloading(false);
    }
  };

  const when = (event: EpcisEvent) => (typeof event.eventTime === 'string' ? formatDateTime(event.eventTime) : '');
  const what = (event: EpcisEvent) => {
    const epcs = epcsOf(event);
    const parent = typeof event.parentID === 'string' ? event.parentID : '';
    if (parent) return t('what.parent', { parent, count: epcs.length });
    if (epcs.length === 1) return epcs[0];
    return t('what.epcs', { count: epcs.length, first: epcs[0] ?? '' });
  };
  const where = (event: EpcisEvent) => idOf(event.bizLocation) || idOf(event.readPoint);
  const events = page.data?.events ?? [];
  const error = page.error instanceof ApiError ? page.error.message : page.error ? t('common:errors.connection') : null;

  return (
    <Stack spacing={2} data-testid="epcis-page">
      <div>
        <TitleText title={t('title')} subtitle={t('subtitle')} />
      </div>
      <Card component="form" onSubmit={submit} data-testid="epcis-form">
        <CardContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
            <TextField select label={t('fields.eventType')} size="small" {...field('eventType')} data-testid="epcis-event-type">
              <MenuItem value="">{t('any')}</MenuItem>
              {EVENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {/* The app's date-time field (DD/MM/YYYY HH:mm in both languages), not the browser's native input, which
                follows the browser's own locale ("mm/dd/yyyy, --:-- --" in an English Chromium; issue 28). */}
            <DateTimeField
              label={t('fields.from')}
              size="small"
              testId="epcis-from"
              value={form.from}
              onChange={(value) => setForm((f) => ({ ...f, from: value }))}
            />
            <DateTimeField
              label={t('fields.to')}
              size="small"
              testId="epcis-to"
              value={form.to}
              onChange={(value) => setForm((f) => ({ ...f, to: value }))}
            />
            <TextField
              label={t('fields.epc')}
              size="small"
              placeholder="urn:epc:id:sgtin:…"
              slotProps={{ htmlInput: { 'data-testid': 'epcis-epc' } }}
              {...field('epc')}
            />
            <TextField select label={t('fields.bizStep')} size="small" {...field('bizStep')} data-testid="epcis-biz-step">
              <MenuItem value="">{t('any')}</MenuItem>
              {BIZ_STEPS.map((step) => (
                <MenuItem key={step} value={step}>
                  {t(`bizSteps.${step}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('fields.disposition')}
              size="small"
              {...field('disposition')}
              data-testid="epcis-disposition"
            >
              <MenuItem value="">{t('any')}</MenuItem>
              {DISPOSITIONS.map((disposition) => (
                <MenuItem key={disposition} value={disposition}>
                  {t(`dispositions.${disposition}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('fields.location')}
              size="small"
              helperText={t('fields.locationHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'epcis-location' } }}
              {...field('location')}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button type="submit" variant="contained" data-testid="epcis-search">
                {t('search')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={() => void download()}
                disabled={isDownloading}
                data-testid="epcis-download"
              >
                {t('download.button')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      {error && (
        <Alert severity="error" data-testid="epcis-error">
          {error}
        </Alert>
      )}
      <TableCard>
        {isPhone ? (
          <Stack spacing={1} data-testid="epcis-results">
            {events.map((event, index) => (
              <Card key={String(event.eventID ?? index)} variant="outlined" data-testid="epcis-row">
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                  <Typography variant="subtitle2">
                    {t(`types.${String(event.type)}`, { defaultValue: String(event.type) })} · {when(event)}
                  </Typography>
                  <Typography variant="body2">
                    {[event.action, label('bizSteps', event.bizStep), label('dispositions', event.disposition)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
                    {what(event)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                    {where(event)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table size="small" sx={{ tableLayout: 'fixed' }} data-testid="epcis-results">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '16%' }}>{t('columns.time')}</TableCell>
                <TableCell sx={{ width: '14%' }}>{t('columns.type')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{t('columns.step')}</TableCell>
                <TableCell sx={{ width: '27%' }}>{t('columns.what')}</TableCell>
                <TableCell sx={{ width: '25%' }}>{t('columns.where')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {events.map((event, index) => (
                <TableRow key={String(event.eventID ?? index)} data-testid="epcis-row">
                  <TableCell>{when(event)}</TableCell>
                  <TableCell>
                    {t(`types.${String(event.type)}`, { defaultValue: String(event.type) })}
                    {typeof event.action === 'string' && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {event.action}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {label('bizSteps', event.bizStep)}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {label('dispositions', event.disposition)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{what(event)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{where(event)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {!page.isLoading && !error && events.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary" data-testid="epcis-empty">
            {t('empty')}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end' }}>
          <Button disabled={tokens.length < 2} onClick={() => setTokens((s) => s.slice(0, -1))} data-testid="epcis-previous">
            {t('previous')}
          </Button>
          <Button
            disabled={!page.data?.next}
            onClick={() => {
              const next = page.data?.next;
              if (next) setTokens((s) => [...s, next]);
            }}
            data-testid="epcis-next"
          >
            {t('next')}
          </Button>
        </Stack>
      </TableCard>
    </Stack>
  );
};
