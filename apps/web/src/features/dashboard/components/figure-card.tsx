import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { StatCard } from '../../../components/stat-box';

/**
 * One of the dashboard's four figures: a title, a big value, a caption under it (what the figure
 * compares with) and, optionally, something below (the precision bar). Test ids: `figure-<id>`,
 * `figure-<id>-value`, `figure-<id>-caption`.
 */
export const FigureCard = ({
  id,
  title,
  value,
  caption,
  color,
  isLoading,
  children,
}: {
  id: string;
  title: ReactNode;
  value: ReactNode;
  caption?: ReactNode;
  color?: string;
  isLoading: boolean;
  children?: ReactNode;
}) => (
  <StatCard title={title} isLoading={isLoading} testId={`figure-${id}`}>
    <Typography variant="h5" sx={{ fontWeight: 600, color, overflowWrap: 'anywhere' }} data-testid={`figure-${id}-value`}>
      {value}
    </Typography>
    {caption && (
      <Typography variant="caption" color="text.secondary" component="div" data-testid={`figure-${id}-caption`}>
        {caption}
      </Typography>
    )}
    {children}
  </StatCard>
);
