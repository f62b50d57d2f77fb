import { Box, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useLiveUpdates } from '../../features/live';
import { useIdentityWithDefaultLocation } from '../../features/locations';
import { removeBootShell } from '../../lib/boot-shell';
import { DateLocalization } from '../../lib/date-localization';
import { ALL_NAMESPACES } from '../../lib/i18n';
import { liveRefresh } from '../live-refresh';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';

export const Layout = () => {
  // The shell's pages and shared labels read each other's namespaces ('orders:…'): all of the language are in first.
  useTranslation(ALL_NAMESPACES);
  const isMobile = useMediaQuery(useTheme().breakpoints.down('md'));
  const [open, setOpen] = useState(!isMobile);
  const identity = useIdentityWithDefaultLocation();
  // Signed in: the screens refresh from the live updates stream (their polling stays as the fallback).
  useLiveUpdates(liveRefresh);
  useEffect(() => setOpen(!isMobile), [isMobile]);
  // The frame boot.ts drew (lib/boot-shell.ts) goes in the commit that shows the shell and its page.
  const isShown = Boolean(identity.data);
  useLayoutEffect(() => {
    if (isShown) removeBootShell();
  }, [isShown]);

  if (!identity.data) return <PageLoading full />;
  const role = identity.data.user_role;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header role={role} onMenuClick={() => setOpen((value) => !value)} />
      <SideMenu role={role} open={open} isMobile={isMobile} onClose={() => setOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 } }}>
          <DateLocalization>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </DateLocalization>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
};
