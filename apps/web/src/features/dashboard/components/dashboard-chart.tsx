import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  CHART_MODULES,
  type ChartGranularity,
  type ChartModule,
  chartYears,
  endYearOptions,
  startYearOptions,
} from '@rfid/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import { type GraphQuery, useGraphStatistics } from '../api/get-graph-statistics';
import type { DashboardScope } from '../api/get-statistics';
import {
  axisLabel,
  initialRanges,
  maxDayStart,
  rangeProblem,
  todayIso,
  toQuery,
  withMonthEnd,
  withMonthStart,
} from './chart-range';

const GRANULARITIES: ChartGranularity[] = ['day', 'month', 'year'];

/**
 * The dashboard's time-series area chart (spec section 2) with its Days, Months and Years pickers
 * and their range rules (spec section 5), and a choice of what it shows: stock, inbound, outbound,
 * online or POS. It reloads with the statistics, every 20 s. An invalid range says why and keeps
 * the last valid chart.
 */
export const DashboardChart = ({ scope }: { scope: DashboardScope }) => {
  const { t, i18n } = useTranslation('dashboard');
  const theme = useTheme();
  const [module, setModule] = useState<ChartModule>('stock');
  const [granularity, setGranularity] = useState<ChartGranularity>('day');
  const [ranges, setRanges] = useState(initialRanges);
  const [lastValid, setLastValid] = useState<GraphQuery>(() => toQuery('stock', 'day', initialRanges()));
  const today = todayIso();
  const years = chartYears(Number(today.slice(0, 4)));

  const problem = rangeProblem(granularity, ranges, today);
  const valid = problem === null ? toQuery(module, granularity, ranges) : null;
  const validKey = JSON.stringify(valid);
  // The last valid range stays on the chart while the one typed is wrong.
  useEffect(() => {
    if (validKey !== 'null') setLastValid(JSON.parse(validKey) as GraphQuery);
  }, [validKey]);
  const query = valid ?? { ...lastValid, module };
  const graph = useGraphStatistics(scope, query);

  const colors: Record<string, string> = {
    stock: theme.palette.primary.main,
    theorical_stock: theme.palette.info.main,
    correctly_received: theme.palette.success.main,
    incorrectly_received: theme.palette.error.main,
    correctly_exited: theme.palette.success.main,
    incorrectly_exited: theme.palette.error.main,
    waiting: theme.palette.warning.light,
    sended: theme.palette.success.main,
    sales: theme.palette.primary.main,
    returns: theme.palette.info.main,
  };
  const data = graph.data;
  const isStock = data?.module === 'stock';
  const problemText = problem ? t(`chart.problems.${problem}`) : '';

  return (
    <Card variant="outlined" data-testid="dashboard-chart-card">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('chart.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={module}
            onChange={(_, value: ChartModule | null) => value && setModule(value)}
            aria-label={t('chart.module')}
            sx={{ flexWrap: 'wrap' }}
          >
            {CHART_MODULES.map((m) => (
              <ToggleButton key={m} value={m} data-testid={`chart-module-${m}`}>
                {t(`chart.modules.${m}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={granularity}
            onChange={(_, value: ChartGranularity | null) => value && setGranularity(value)}
            aria-label={t('chart.granularity')}
          >
            {GRANULARITIES.map((g) => (
              <ToggleButton key={g} value={g} data-testid={`chart-granularity-${g}`}>
                {t(`chart.granularities.${g}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {granularity === 'day' && (
            <Stack direction="row" spacing={1}>
              <RangeInput
                type="date"
                label={t('chart.start')}
                value={ranges.days.start}
                onChange={(value) => setRanges({ ...ranges, days: { ...ranges.days, start: value } })}
                hasError={problem !== null && problem !== 'end_after_today'}
                max={maxDayStart(ranges.days.end || today)}
                testId="chart-day-start"
              />
              <RangeInput
                type="date"
                label={t('chart.end')}
                value={ranges.days.end}
                onChange={(value) => setRanges({ ...ranges, days: { ...ranges.days, end: value } })}
                hasError={problem === 'end_after_today'}
                max={today}
                testId="chart-day-end"
              />
            </Stack>
          )}
          {granularity === 'month' && (
            <Stack direction="row" spacing={1}>
              <RangeInput
                type="month"
                label={t('chart.start')}
                value={ranges.months.start}
                onChange={(value) => setRanges({ ...ranges, months: withMonthStart(ranges.months, value) })}
                hasError={problem !== null}
                max={today.slice(0, 7)}
                testId="chart-month-start"
              />
              <RangeInput
                type="month"
                label={t('chart.end')}
                value={ranges.months.end}
                onChange={(value) => setRanges({ ...ranges, months: withMonthEnd(ranges.months, value) })}
                testId="chart-month-end"
              />
            </Stack>
          )}
          {granularity === 'year' && (
            <Stack direction="row" spacing={1}>
              <YearSelect
                label={t('chart.start')}
                value={ranges.years.start}
                years={startYearOptions(years, ranges.years.end)}
                onChange={(start) => setRanges({ ...ranges, years: { ...ranges.years, start } })}
                testId="chart-year-start"
              />
              <YearSelect
                label={t('chart.end')}
                value={ranges.years.end}
                years={endYearOptions(years, ranges.years.start)}
                onChange={(end) => setRanges({ ...ranges, years: { ...ranges.years, end } })}
                testId="chart-year-end"
              />
            </Stack>
          )}
        </Stack>
        {problem && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="chart-range-problem" data-problem={problem}>
            {problemText}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>{graph.isFetching && <LinearProgress />}</Box>
        <Box
          data-testid="dashboard-chart"
          data-module={data?.module ?? ''}
          data-granularity={data?.granularity ?? ''}
          data-start={data?.date_start ?? ''}
          data-end={data?.date_end ?? ''}
          data-points={data?.x_axis.length ?? 0}
          sx={{ width: '100%', minHeight: 320 }}
        >
          {graph.isError && <Alert severity="error">{t('chart.error')}</Alert>}
          {data && (
            <LineChart
              height={320}
              skipAnimation
              grid={{ horizontal: true }}
              sx={{ '& .MuiAreaElement-root': { fillOpacity: isStock ? 0.3 : 0.6 } }}
              margin={{ left: 8, right: 32 }}
              xAxis={[
                {
                  scaleType: 'point',
                  data: data.x_axis,
                  valueFormatter: (bucket: string) => axisLabel(data.granularity, bucket),
                },
              ]}
              yAxis={[{ valueFormatter: (v: number | null) => formatQuantity(v, i18n.language), width: 56 }]}
              series={data.series.map((s) => ({
                id: s.name,
                label: t(`chart.series.${s.name}`),
                data: s.data,
                color: colors[s.name] ?? theme.palette.grey[500],
                area: !isStock || s.name === 'stock',
                showMark: data.x_axis.length <= 12,
                ...(isStock ? {} : { stack: 'orders', curve: 'linear' as const }),
                valueFormatter: (v: number | null) => (v === null ? t('chart.noData') : formatQuantity(v, i18n.language)),
              }))}
              slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
            />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {t(`chart.notes.${module}`)}
        </Typography>
      </CardContent>
    </Card>
  );
};

/** A bound of the day or month range: a native date or month field, at most `max`. */
const RangeInput = ({
  type,
  label,
  value,
  onChange,
  hasError = false,
  max,
  testId,
}: {
  type: 'date' | 'month';
  label: string;
  value: string;
  onChange: (value: string) => void;
  hasError?: boolean;
  max?: string;
  testId: string;
}) => (
  <TextField
    type={type}
    size="small"
    label={label}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    error={hasError}
    slotProps={{ inputLabel: { shrink: true }, htmlInput: { max, 'data-testid': testId } }}
  />
);

/** A bound of the year range: a select of the years it may take. */
const YearSelect = ({
  label,
  value,
  years,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  years: number[];
  onChange: (year: number) => void;
  testId: string;
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(e) => onChange(Number(e.target.value))}
    sx={{ minWidth: 110 }}
    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    data-testid={testId}
  >
    {years.map((y) => (
      <MenuItem key={y} value={y}>
        {y}
      </MenuItem>
    ))}
  </TextField>
);
