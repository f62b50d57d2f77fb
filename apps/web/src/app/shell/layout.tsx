import { Box, CircularProgress, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useIdentityWithDefaultLocation } from '../../features/locations/use-default-location';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';

export const Layout = () => {
  const isMobile = useMediaQuery(useTheme().breakpoints.down('md'));
  const [open, setOpen] = useState(!isMobile);
  const identity = useIdentityWithDefaultLocation();
  useEffect(() => setOpen(!isMobile), [isMobile]);

  if (!identity.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <CircularProgress />
      </Box>
    );
  }
  const role = identity.data.user_role;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header role={role} onMenuClick={() => setOpen((value) => !value)} />
      <SideMenu role={role} open={open} isMobile={isMobile} onClose={() => setOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 } }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </Box>
  );
};
