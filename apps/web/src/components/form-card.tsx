import { Card, CardContent, Stack } from '@mui/material';
import type { ReactNode } from 'react';

type Props = { onSubmit: () => void; children: ReactNode };

/** A page's form in a card: its fields stacked, submitted with Enter or its submit button (no browser validation). */
export const FormCard = ({ onSubmit, children }: Props) => (
  <Card>
    <CardContent>
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
    </CardContent>
  </Card>
);
