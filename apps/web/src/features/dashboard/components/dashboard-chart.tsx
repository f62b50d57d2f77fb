import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  type SxProps,
  TextField,
  type Theme,
  Typography,
} from '@mui/material';
import {
  CHART_MODULES,
  type ChartGranularity,
  type ChartModule,
  chartYears,
  endYearOptions,
  startYearOptions,
} from '@rfid/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceToggle } from '../../../components/choice-toggle';
import { DateField, MonthField } from '../../../components/date-fields';
import { type GraphQuery, useGraphStatistics } from '../api/get-graph-statistics';
import type { DashboardScope } from '../api/get-statistics';
import { ChartPlot } from './chart-plot';
import { initialRanges, maxDayStart, rangeProblem, todayIso, toQuery, withMonthEnd, withMonthStart } from './chart-range';

const GRANULARITIES: ChartGranularity[] = ['day', 'month', 'year'];

/**
 * The dashboard's time-series area chart (spec section 2) with its Days, Months and Years pickers
 * and their range rules (spec section 5), and a choice of what it shows: stock, inbound, outbound,
 * online or POS. It reloads with the statistics, every 20 s. An invalid range says why and keeps
 * the last valid chart.
 */
export const DashboardChart = ({ scope }: { scope: DashboardScope }) => {
  const { t } = useTranslation('dashboard');
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

  const data = graph.data;
  const problemText = problem ? t(`chart.problems.${problem}`) : '';

  return (
    <Card variant="outlined" data-testid="dashboard-chart-card">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('chart.title')}
          </Typography>
          <Choices name="module" choices={CHART_MODULES} value={module} onChange={setModule} sx={{ flexWrap: 'wrap' }} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}>
          <Choices name="granularity" choices={GRANULARITIES} value={granularity} onChange={setGranularity} />
          {granularity === 'day' && (
            <RangeFields
              granularity="day"
              value={ranges.days}
              onChange={(bound, value) => setRanges({ ...ranges, days: { ...ranges.days, [bound]: value } })}
              errors={{ start: problem !== null && problem !== 'end_after_today', end: problem === 'end_after_today' }}
              max={{ start: maxDayStart(ranges.days.end || today), end: today }}
            />
          )}
          {granularity === 'month' && (
            <RangeFields
              granularity="month"
              value={ranges.months}
              onChange={(bound, value) =>
                setRanges({ ...ranges, months: (bound === 'start' ? withMonthStart : withMonthEnd)(ranges.months, value) })
              }
              errors={{ start: problem !== null }}
              max={{ start: today.slice(0, 7) }}
            />
          )}
          {granularity === 'year' && (
            <RangeFields
              granularity="year"
              value={ranges.years}
              years={{ start: startYearOptions(years, ranges.years.end), end: endYearOptions(years, ranges.years.start) }}
              onChange={(bound, year) => setRanges({ ...ranges, years: { ...ranges.years, [bound]: Number(year) } })}
            />
          )}
        </Stack>
        {problem && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="chart-range-problem" data-problem={problem}>
            {problemText}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>{graph.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
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
          {data && <ChartPlot data={data} />}
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {t(`chart.notes.${module}`)}
        </Typography>
      </CardContent>
    </Card>
  );
};

/** The catalogue key of each choice list (`chart.modules.*`, `chart.granularities.*`). */
const CHOICE_KEYS = { module: 'modules', granularity: 'granularities' } as const;

/**
 * One choice of the chart (its module or its granularity) as toggle buttons, named `chart.<name>`;
 * each button reads `chart.<name>s.<choice>` and has the test id `chart-<name>-<choice>`.
 */
const Choices = <C extends string>({
  name,
  choices,
  value,
  onChange,
  sx,
}: {
  name: 'module' | 'granularity';
  choices: readonly C[];
  value: C;
  onChange: (value: C) => void;
  sx?: SxProps<Theme>;
}) => {
  const { t } = useTranslation('dashboard');
  return (
    <ChoiceToggle
      label={t(`chart.${name}`)}
      choices={choices}
      value={value}
      onChange={onChange}
      choiceLabel={(choice) => t(`chart.${CHOICE_KEYS[name]}.${choice}`)}
      testId={(choice) => `chart-${name}-${choice}`}
      sx={sx}
    />
  );
};

type Bound = 'start' | 'end';
const BOUNDS: Bound[] = ['start', 'end'];

/**
 * The start and end of the chart's range, side by side: date or month pickers (each at most
 * its `max`), or, for years, selects of the years each bound may take.
 */
const RangeFields = ({
  granularity,
  value,
  onChange,
  errors = {},
  max = {},
  years,
}: {
  granularity: ChartGranularity;
  value: Record<Bound, string | number>;
  onChange: (bound: Bound, value: string) => void;
  errors?: Partial<Record<Bound, boolean>>;
  max?: Partial<Record<Bound, string>>;
  /** The year selects' choices. */
  years?: Record<Bound, number[]>;
}) => {
  const { t } = useTranslation('dashboard');
  // Days and months in the UI's own format (DD/MM/YYYY, MM/YYYY), as every date field (components/date-fields.tsx).
  const Field = granularity === 'day' ? DateField : MonthField;
  return (
    // One under the other on phones, where two pickers side by side cut their dates.
    <Stack direction={{ xs: years ? 'row' : 'column', sm: 'row' }} spacing={1}>
      {BOUNDS.map((bound) => {
        const testId = `chart-${granularity}-${bound}`;
        const field = {
          size: 'small',
          label: t(`chart.${bound}`),
          value: value[bound],
          onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(bound, event.target.value),
        } as const;
        return years ? (
          <TextField
            key={bound}
            select
            {...field}
            sx={{ minWidth: 110 }}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
            data-testid={testId}
          >
            {years[bound].map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Field
            key={bound}
            label={field.label}
            value={String(value[bound])}
            onChange={(next) => onChange(bound, next)}
            error={errors[bound] ?? false}
            maxDate={max[bound]}
            testId={testId}
          />
        );
      })}
    </Stack>
  );
};
