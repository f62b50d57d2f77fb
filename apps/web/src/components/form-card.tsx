import { Card, CardContent, Stack } from '@mui/material';
import type { ReactNode } from 'react';

type Props = {
  onSubmit: () => void;
  /** The card's widest, in pixels (full width when left out). */
  maxWidth?: number;
  /** Shown instead of the form while what it edits loads. */
  loading?: ReactNode;
  children: ReactNode;
};

/** A page's form in a card: its fields stacked, submitted with Enter or its submit button (no browser validation). */
export const FormCard = ({ onSubmit, maxWidth, loading, children }: Props) => (
  <Card sx={maxWidth === undefined ? undefined : { maxWidth }}>
    <CardContent>
      {loading ?? (
        <Stack
          spacing={2}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </Stack>
      )}
    </CardContent>
  </Card>
);
