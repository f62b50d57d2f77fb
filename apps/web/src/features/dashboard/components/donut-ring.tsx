import { PieChart } from '@mui/x-charts/PieChart';

export type DonutSlice = { key: string; label: string; value: number; color: string };

/**
 * The ring of a dashboard donut (components/donut-card.tsx): its slices, or a grey ring when all are 0. In a chunk of
 * its own with the charting library, loaded when the card first renders.
 */
export const DonutRing = ({ size, slices, noneLabel }: { size: number; slices: DonutSlice[]; noneLabel: string }) => {
  const isEmpty = slices.every((s) => s.value === 0);
  return (
    <PieChart
      width={size}
      height={size}
      hideLegend
      skipAnimation
      margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
      series={[
        {
          innerRadius: 48,
          outerRadius: 72,
          paddingAngle: isEmpty ? 0 : 2,
          cornerRadius: 3,
          // An empty donut is a grey ring, not nothing.
          data: isEmpty
            ? [{ id: 'empty', value: 1, label: noneLabel, color: '#e0e0e0' }]
            : slices.map((s) => ({ id: s.key, value: s.value, label: s.label, color: s.color })),
        },
      ]}
      slotProps={{ tooltip: { trigger: isEmpty ? 'none' : 'item' } }}
    />
  );
};
