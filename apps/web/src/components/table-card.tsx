import { Box, Card, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';

/** A paper card around a desktop table; on phones the table is already a list of cards, so no frame. */
export const TableCard = ({ children }: { children: ReactNode }) => {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  return isPhone ? <Box>{children}</Box> : <Card>{children}</Card>;
};
