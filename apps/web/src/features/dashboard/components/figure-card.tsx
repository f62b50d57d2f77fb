import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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
  <Card variant="outlined" sx={{ height: '100%' }} data-testid={`figure-${id}`}>
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {title}
      </Typography>
      {isLoading ? (
        <Skeleton width="60%" height={40} />
      ) : (
        <>
          <Typography variant="h5" sx={{ fontWeight: 600, color, overflowWrap: 'anywhere' }} data-testid={`figure-${id}-value`}>
            {value}
          </Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary" component="div" data-testid={`figure-${id}-caption`}>
              {caption}
            </Typography>
          )}
          {children}
        </>
      )}
    </CardContent>
  </Card>
);
