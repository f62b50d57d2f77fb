import { zodResolver } from '@hookform/resolvers/zod';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { type EpcReading, type EpcReadingGroup, epcRetrieveBodySchema, type Item } from '@rfid/contract';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ChoiceToggle } from '../../components/choice-toggle';
import { TermAndValue } from '../../components/facts-card';
import { FormAlert, type FormStatus, searchStatus } from '../../components/form-alert';
import { type Column, type PagedQuery, PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { formatDateTime } from '../../lib/format';
import { itemReadingGroupsPages } from './api/get-item-reading-groups';
import { itemReadingsPages } from './api/get-item-readings';
import { useRetrieveEpc } from './api/retrieve-epc';
import { ItemStateChip } from './item-state';
import { ItemStatusPanel } from './item-status-panel';
import { ReadingSourceLinks } from './reading-source';

const areaText = (area: EpcReading['area1']): string =>
  area ? [area.description, area.location_description].filter(Boolean).join(' · ') : '—';

/** EPC tracker: a text field and Submit, an error list, and a table of readings (spec section 2). */
export const TrackEpcPage = () => {
  const { t } = useTranslation(['tracking', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const epc = (params.epc ?? '').trim();
  // The form is the request's body, checked with the contract's schema (the EPC trimmed, not empty).
  const { handleSubmit, setValue, watch } = useForm({
    resolver: zodResolver(epcRetrieveBodySchema),
    defaultValues: { epc },
  });
  const value = watch('epc');
  const [isEmptySubmit, setIsEmptySubmit] = useState(false);
  useEffect(() => setValue('epc', epc), [epc, setValue]);
  const lookup = useRetrieveEpc(epc);

  // The EPC opens its own address, whose lookup makes the call; empty: 'Not found' with no call (spec sections 5 and 8).
  const submit = handleSubmit(
    (body) => {
      setIsEmptySubmit(false);
      void navigate(`/track-epc/${encodeURIComponent(body.epc)}`);
    },
    () => setIsEmptySubmit(true),
  );

  const items = lookup.data ?? [];
  const notFound = t('tracker.notFound');
  const status: FormStatus = isEmptySubmit
    ? { kind: 'error', message: notFound }
    : searchStatus(lookup, lookup.isSuccess && items.length === 0, {
        fallback: t('common:errors.connection'),
        nothing: notFound,
      });
  const item = items[0];

  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('tracker.title')}</Typography>
      <Card>
        <CardContent>
          <Stack
            component="form"
            noValidate
            onSubmit={(event) => void submit(event)}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label={t('tracker.epc')}
              placeholder={t('tracker.placeholder')}
              name="epc"
              value={value}
              onChange={(event) => setValue('epc', event.target.value)}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'epc-input', spellCheck: false, autoCapitalize: 'characters' } }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<SearchIcon />}
              disabled={lookup.isLoading}
              data-testid="epc-submit"
              sx={{ flexShrink: 0, height: 56 }}
            >
              {t('tracker.submit')}
            </Button>
          </Stack>
          <FormAlert status={status} sx={{ mt: 2 }} />
        </CardContent>
      </Card>
      {item && !isEmptySubmit && <TrackedItemSection item={item} />}
    </Stack>
  );
};

/** The columns both views share: state, areas and reading set. */
const sharedColumns = (t: TFunction<'tracking'>): Column<EpcReading | EpcReadingGroup>[] => [
  { id: 'state', header: t('tracker.columns.state'), cell: (reading) => <ItemStateChip state={reading.state} /> },
  { id: 'area1', header: t('tracker.columns.area1'), cell: (reading) => areaText(reading.area1) },
  { id: 'area2', header: t('tracker.columns.area2'), cell: (reading) => areaText(reading.area2) },
  {
    id: 'readingSet',
    header: t('tracker.columns.readingSet'),
    cell: (reading) => <ReadingSetCell reading={reading} />,
  },
];

/** The readings table's two views: one row a reading set, or one row a read. */
const READING_VIEWS = ['sets', 'reads'] as const;
type ReadingView = (typeof READING_VIEWS)[number];

const rssiText = (rssi: number | null) => (rssi === null ? '' : ` · ${rssi} dBm`);

/** The tag's readings in one view's rows (`pages`), or the note that it has none. */
const ReadingsTable = <T,>({ pages, columns, testId }: { pages: PagedQuery<T>; columns: Column<T>[]; testId: string }) => {
  const { t } = useTranslation('tracking');
  return <PagedTable {...pages} columns={columns} emptyText={t('tracker.noReadings')} testId={testId} />;
};

/** One row a reading set (its reads, antennas and best RSSI), or every raw read one click away. */
const ReadingsTables = ({ itemId }: { itemId: number }) => {
  const { t } = useTranslation('tracking');
  const [view, setView] = useState<ReadingView>('sets');
  const dateCell = (date: string) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(date)}</Box>;
  const groupColumns: Column<EpcReadingGroup>[] = [
    { id: 'date', header: t('tracker.columns.date'), cell: (group) => dateCell(group.date), mobile: 'title' },
    ...sharedColumns(t),
    {
      id: 'reads',
      header: t('tracker.columns.reads'),
      cell: (group) => (
        <Box data-testid="reading-group-reads" sx={{ whiteSpace: 'nowrap' }}>
          {t('tracker.readCount', { count: group.read_count })}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {group.antennas.length > 0
              ? t('tracker.antennas', { count: group.antennas.length, list: group.antennas.join(', ') })
              : ''}
            {rssiText(group.best_rssi)}
          </Typography>
        </Box>
      ),
    },
  ];
  const readColumns: Column<EpcReading>[] = [
    { id: 'date', header: t('tracker.columns.date'), cell: (reading) => dateCell(reading.date), mobile: 'title' },
    ...sharedColumns(t),
    {
      id: 'antenna',
      header: t('tracker.columns.antenna'),
      cell: (reading) => `${reading.antenna ?? '—'}${rssiText(reading.rssi)}`,
    },
  ];
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('tracker.readings')}
        </Typography>
        <ChoiceToggle
          label={t('tracker.view')}
          choices={READING_VIEWS}
          value={view}
          onChange={setView}
          choiceLabel={(choice) => t(choice === 'sets' ? 'tracker.bySet' : 'tracker.rawReads')}
          testId={(choice) => `readings-view-${choice}`}
        />
      </Stack>
      <TableCard>
        {view === 'sets' ? (
          // Keyed: a table of one view never shows the other's rows while its own load.
          <ReadingsTable key="sets" pages={itemReadingGroupsPages(itemId)} columns={groupColumns} testId="epc-reading-sets" />
        ) : (
          <ReadingsTable key="reads" pages={itemReadingsPages(itemId)} columns={readColumns} testId="epc-readings" />
        )}
      </TableCard>
    </>
  );
};

const TrackedItemSection = ({ item }: { item: Item }) => {
  const { t } = useTranslation('tracking');
  return (
    <>
      <Card data-testid="tracked-item">
        <CardContent>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            <Field wide label={t('tracker.item')} value={<Box sx={{ fontFamily: 'monospace' }}>{item.epc}</Box>} />
            <Field label={t('tracker.gtin')} value={item.gtin ?? '—'} testId="tracked-gtin" />
            <Field label={t('tracker.description')} value={item.description || '—'} />
            <Field label={t('tracker.currentState')} value={<ItemStateChip state={item.state} />} />
            <Field label={t('tracker.currentArea')} value={areaText(item.area)} />
          </Box>
        </CardContent>
      </Card>
      <ItemStatusPanel key={`${item.id}-${item.status}-${item.status_ref ?? ''}`} item={item} />
      <ReadingsTables itemId={item.id} />
    </>
  );
};

const Field = ({
  label,
  value,
  testId,
  wide = false,
}: {
  label: string;
  value: React.ReactNode;
  testId?: string;
  wide?: boolean;
}) => (
  <Box sx={{ minWidth: 0, gridColumn: wide ? { sm: 'span 2' } : undefined }}>
    <TermAndValue label={label} labelVariant="caption" valueTestId={testId}>
      {value}
    </TermAndValue>
  </Box>
);

/**
 * A free reading set links to its detail; a set claimed by an order, inventory or sale says who claimed it, and links the
 * order and box (or return) that brought the tag.
 */
const ReadingSetCell = ({ reading }: { reading: EpcReading | EpcReadingGroup }) => {
  const { t } = useTranslation('tracking');
  const shortId = reading.readingSet.slice(0, 8);
  if (reading.claimed_by === null) {
    return (
      <Link
        component={RouterLink}
        to={`/free-scan/${reading.readingSet}/detail`}
        sx={{ fontFamily: 'monospace', fontSize: 13 }}
        data-testid="reading-set-link"
      >
        {shortId}
      </Link>
    );
  }
  return (
    <Box component="span" title={reading.readingSet}>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
        {shortId}
      </Box>{' '}
      <Typography component="span" variant="caption" color="text.secondary">
        ({t(`claimedBy.${reading.claimed_by}`, { defaultValue: reading.claimed_by })})
      </Typography>
      <ReadingSourceLinks source={reading} />
    </Box>
  );
};
