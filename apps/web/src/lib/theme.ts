import { createTheme } from '@mui/material/styles';

/** Orange primary; confirm buttons green (spec section 9). */
export const theme = createTheme({
  palette: {
    primary: { main: '#ef6c00', contrastText: '#fff' },
    secondary: { main: '#37474f' },
    success: { main: '#2e7d32' },
    background: { default: '#f6f7f9' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
