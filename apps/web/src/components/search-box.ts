import type { SxProps, Theme } from '@mui/material';

/** The header's search box on a wide screen: the real one (features/search) and its place until its code is in (app/shell/header.tsx). */
export const SEARCH_BOX_SX: SxProps<Theme> = {
  flex: '0 1 340px',
  minWidth: 160,
  bgcolor: 'background.paper',
  borderRadius: 1,
  '& .MuiOutlinedInput-notchedOutline': { border: 'none' },
};
