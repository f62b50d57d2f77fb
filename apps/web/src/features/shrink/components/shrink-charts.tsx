import { Box, Card, CardContent, Grid, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ShrinkReport } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuantity } from '../../../lib/format';

/** DD/MM of a YYYY-MM-DD day. */
const shortDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const CHART_HEIGHT = 240;

/** One chart of the report: half the row on a desktop, its title over it; `points` is its number of points. */
const ChartCard = ({
  title,
  testId,
  points,
  children,
}: {
  title: string;
  testId: string;
  points: number;
  children: ReactNode;
}) => (
  <Grid size={{ xs: 12, md: 6 }}>
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Box data-testid={testId} data-points={points} sx={{ width: '100%', minHeight: CHART_HEIGHT }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  </Grid>
);

/**
 * The report's two charts (the dashboard's charting library, loaded after the figures): the accuracy of each validated
 * inventory of the period (the trend) and the units lost per day, stacked by source (inventory, exit).
 */
export const ShrinkCharts = ({ report }: { report: ShrinkReport }) => {
  const { t, i18n } = useTranslation('shrink');
  const theme = useTheme();
  const language = i18n.language;
  const trend = report.trend;
  const days = report.days;
  // The y axis from a round ten under the lowest point (accuracy moves within a few points: 0 to 100 flattens it).
  const lowest = Math.min(100, ...trend.flatMap((point) => (point.accuracy === null ? [] : [point.accuracy])));
  const accuracyFloor = Math.max(0, Math.floor((lowest - 5) / 10) * 10);
  const legend = { legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } } as const;

  return (
    <Grid container spacing={1.5}>
      <ChartCard title={t('charts.accuracy')} testId="shrink-accuracy-chart" points={trend.length}>
        {trend.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 2 }}>
            {t('charts.noInventories')}
          </Typography>
        ) : (
          <LineChart
            height={CHART_HEIGHT}
            skipAnimation
            grid={{ horizontal: true }}
            margin={{ left: 8, right: 24 }}
            xAxis={[
              {
                // One point per inventory (two of a day stay two points), labelled by its day.
                scaleType: 'point',
                data: trend.map((_, index) => index),
                valueFormatter: (index: number, context) =>
                  context.location === 'tooltip'
                    ? `${shortDay(trend[index]?.day ?? '')} · #${trend[index]?.inventory_id ?? ''}`
                    : shortDay(trend[index]?.day ?? ''),
              },
            ]}
            yAxis={[
              {
                min: accuracyFloor,
                max: 100,
                valueFormatter: (v: number | null) => formatQuantity(v, language),
                width: 40,
              },
            ]}
            series={[
              {
                id: 'accuracy',
                label: t('charts.accuracySeries'),
                data: trend.map((point) => point.accuracy),
                color: theme.palette.primary.main,
                connectNulls: true,
                curve: 'linear',
                showMark: true,
                valueFormatter: (v: number | null) => (v === null ? '—' : `${formatNumber(v, language, 1)} %`),
              },
            ]}
            slotProps={legend}
          />
        )}
      </ChartCard>
      <ChartCard title={t('charts.shrink')} testId="shrink-days-chart" points={days.length}>
        <BarChart
          height={CHART_HEIGHT}
          skipAnimation
          grid={{ horizontal: true }}
          margin={{ left: 8, right: 24 }}
          xAxis={[{ scaleType: 'band', data: days.map((d) => shortDay(d.day)) }]}
          yAxis={[{ valueFormatter: (v: number | null) => formatQuantity(v, language), width: 40, tickMinStep: 1 }]}
          series={[
            {
              id: 'inventory',
              label: t('charts.inventorySeries'),
              data: days.map((d) => d.inventory_units),
              stack: 'units',
              color: theme.palette.warning.main,
            },
            {
              id: 'exit',
              label: t('charts.exitSeries'),
              data: days.map((d) => d.exit_units),
              stack: 'units',
              color: theme.palette.error.main,
            },
          ]}
          slotProps={legend}
        />
      </ChartCard>
    </Grid>
  );
};
