import { Box, Card } from '@mui/material';
import type { ReactNode } from 'react';

/** The card of the pages before a session (sign-in, its single sign-on return), alone on the app's orange. */
export const SignInCard = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      minHeight: '100vh',
      display: 'grid',
      placeItems: 'center',
      p: 2,
      background: 'linear-gradient(135deg, #ef6c00 0%, #ffb74d 100%)',
    }}
  >
    <Card sx={{ width: '100%', maxWidth: 400 }} elevation={6}>
      {children}
    </Card>
  </Box>
);
