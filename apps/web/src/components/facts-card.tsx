import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A card of facts about one record (an order's header, a box, a verification, a POS sale…): a
 * description list of `Field`s, two columns on phones and four on a desktop.
 *
 * ```tsx
 * <FactsCard testId="pos-header">
 *   <Field label={t('columns.id')}>{row.id}</Field>
 * </FactsCard>
 * ```
 */
export const FactsCard = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Card data-testid={testId}>
    <CardContent>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {children}
      </Box>
    </CardContent>
  </Card>
);

/** One label and value of a facts card; `wide` spans two columns. */
export const Field = ({ label, children, wide = false }: { label: ReactNode; children: ReactNode; wide?: boolean }) => (
  <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', md: 'span 2' } : undefined }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);
