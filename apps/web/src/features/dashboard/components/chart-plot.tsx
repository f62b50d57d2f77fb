import { useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import type { useGraphStatistics } from '../api/get-graph-statistics';
import { axisLabel } from './chart-range';

type GraphData = NonNullable<ReturnType<typeof useGraphStatistics>['data']>;

/** The chart itself: stock as a line over its area, the orders' series stacked; each series in its colour. */
export const ChartPlot = ({ data }: { data: GraphData }) => {
  const { t, i18n } = useTranslation('dashboard');
  const theme = useTheme();
  const isStock = data.module === 'stock';
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
  return (
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
  );
};
