import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { addDays, SHRINK_DEFAULT_DAYS, SHRINK_MAX_ROLE } from '@rfid/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFilter } from '../../components/date-range-filter';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { NoLocation } from '../../components/no-location';
import { TitleText } from '../../components/page-title';
import { useCurrentLocation } from '../../lib/current-location';
import { saveBlob } from '../../lib/files';
import { defaultDateRange, validateDateRange } from '../../lib/format';
import { lazyPage } from '../../lib/lazy-page';
import { hasRole, useRole } from '../auth';
import { type ShrinkPeriod, useShrinkReport } from './api/get-shrink';
import { downloadShrinkCsv } from './api/shrink-csv';
import { ChartsLoading } from './components/charts-loading';
import { ShrinkFigures } from './components/shrink-figures';
import { ShrinkTables } from './components/shrink-tables';

// The charts (with the charting library) load after the figures: the figures show first.
const ShrinkCharts = lazyPage(() => import('./components/shrink-charts').then((module) => module.ShrinkCharts));

/** The last 30 days, today included (the server's default period). */
const initialRange = (): DateRange => {
  const { end } = defaultDateRange();
  return { start: addDays(end, 1 - SHRINK_DEFAULT_DAYS), end };
};

/**
 * Shrink and accuracy of the current store (issue 26, docs/store-floor/shrink.md): a period of days, its figures
 * (accuracy, inventories, shrink in units and value, per source), the accuracy trend and the shrink per day, the GTINs
 * and sections with most shrink, and the same report as CSV (Spanish: `;` and decimal comma). Roles 1 to 3.
 */
export const ShrinkPage = () => {
  const { t, i18n } = useTranslation('shrink');
  const role = useRole();
  const location = useCurrentLocation();
  const [range, setRange] = useState<DateRange>(initialRange);
  const [lastValid, setLastValid] = useState<ShrinkPeriod>(() => {
    const first = initialRange();
    return { date_from: first.start, date_to: first.end };
  });
  const [isDownloading, setDownloading] = useState(false);
  const [csvFailed, setCsvFailed] = useState(false);
  const isAllowed = hasRole(role, SHRINK_MAX_ROLE);
  const isStore = location !== null && location.kind !== 'company';
  // A wrong or half-typed range keeps the last valid report on screen.
  const isValid = validateDateRange(range) === null && Boolean(range.start && range.end);
  const period: ShrinkPeriod = isValid ? { date_from: range.start, date_to: range.end } : lastValid;
  const report = useShrinkReport(location?.id ?? 0, period, { isEnabled: isAllowed && isStore });

  const changeRange = (next: DateRange) => {
    setRange(next);
    if (validateDateRange(next) === null && next.start && next.end) setLastValid({ date_from: next.start, date_to: next.end });
  };

  const download = async () => {
    if (!location) return;
    setDownloading(true);
    setCsvFailed(false);
    try {
      const file = await downloadShrinkCsv(location.id, period, i18n.language);
      saveBlob(file.blob, file.name);
    } catch {
      setCsvFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const header = (
    <Box>
      <TitleText title={t('title')} subtitle={t('subtitle')} />
    </Box>
  );
  if (role !== undefined && !isAllowed) {
    return (
      <Stack spacing={2}>
        {header}
        <Alert severity="warning" data-testid="shrink-not-allowed">
          {t('notAllowed')}
        </Alert>
      </Stack>
    );
  }
  if (!isStore) {
    return (
      <Stack spacing={2}>
        {header}
        <NoLocation testId="shrink-no-location">{t('noLocation')}</NoLocation>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="shrink-page">
      {header}
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
          <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
            <DateRangeFilter value={range} onChange={changeRange} isRequired testId="shrink-period" />
          </Box>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void download()}
            loading={isDownloading}
            disabled={!report.data}
            data-testid="shrink-csv"
          >
            {t('csv')}
          </Button>
        </CardContent>
      </Card>
      {csvFailed && (
        <Alert severity="error" onClose={() => setCsvFailed(false)} data-testid="shrink-csv-failed">
          {t('csvFailed')}
        </Alert>
      )}
      {report.isError && <LoadErrorAlert error={report.error} testId="shrink-error" />}
      <ShrinkFigures report={report.data} isLoading={report.isPending} />
      {report.data && (
        <>
          <Suspense fallback={<ChartsLoading />}>
            <ShrinkCharts report={report.data} />
          </Suspense>
          <ShrinkTables report={report.data} />
        </>
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {t('notes')}
      </Typography>
    </Stack>
  );
};
