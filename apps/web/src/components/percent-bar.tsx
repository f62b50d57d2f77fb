import { Box, LinearProgress, Typography } from '@mui/material';

/**
 * A completion bar capped at 100 with its percent as a label (spec: "Percent bars capped at 100").
 *
 * ```tsx
 * <PercentBar value={cappedPercent(line.real_item_count, line.theorical_item_count)} />
 * ```
 */
export const PercentBar = ({ value, minWidth = 120 }: { value: number | null | undefined; minWidth?: number }) => {
  const percent = Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? Number(value) : 0)));
  const color = percent >= 100 ? 'success' : percent >= 50 ? 'primary' : 'warning';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth }} data-testid="percent-bar">
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-label={`${percent}%`}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
        {percent}%
      </Typography>
    </Box>
  );
};
