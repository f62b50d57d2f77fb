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
    // Tables fit 1280 px with the side menu open (issue 16): 8 px between the columns of the dense tables instead of
    // MUI's 24 + 16, the table's outer edges keep their 16 px.
    MuiTableCell: {
      styleOverrides: {
        sizeSmall: {
          padding: '6px 8px',
          '&:first-of-type': { paddingLeft: 16 },
          '&:last-of-type': { paddingRight: 16 },
        },
      },
    },
  },
});
