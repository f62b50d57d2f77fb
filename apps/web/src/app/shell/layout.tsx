import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import { Alert, Box, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { hasRole } from '../../features/auth';
import { useLiveUpdates } from '../../features/live';
import { useIdentityWithDefaultLocation } from '../../features/locations';
import { removeBootShell } from '../../lib/boot-shell';
import i18n, { ALL_NAMESPACES } from '../../lib/i18n';
import { useIdle } from '../../lib/use-idle';
import { SHELL_NAMESPACES } from '../first-pages';
import { liveRefresh } from '../live-refresh';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';

/**
 * A user without any location (none assigned, or a company with none yet): what to do, above every page (whose own
 * hint asks to choose a location in the header, which has nothing to offer).
 */
const NoLocationBanner = ({ role }: { role: number }) => {
  const { t } = useTranslation('shell');
  const isAdmin = hasRole(role, RoleThreshold.adminMenu);
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="no-location-banner"
      action={
        isAdmin ? (
          <LinkButton to="/administrador/locations/add" icon={<AddLocationIcon />} testId="no-location-add">
            {t('noLocation.add')}
          </LinkButton>
        ) : undefined
      }
    >
      {isAdmin ? t('noLocation.admin') : t('noLocation.user')}
    </Alert>
  );
};

export const Layout = () => {
  // The shell's namespaces are in (app/router.tsx's loadLayout), and the first page's; the others (the pages and shared
  // labels read each other's: 'orders:…') follow once the first page is idle.
  useTranslation(SHELL_NAMESPACES);
  const isIdle = useIdle();
  useEffect(() => {
    if (isIdle) void i18n.loadNamespaces(ALL_NAMESPACES);
  }, [isIdle]);
  const isMobile = useMediaQuery(useTheme().breakpoints.down('md'));
  const [open, setOpen] = useState(!isMobile);
  // The page waits for a location: on a first sign-in the user's first location becomes the header's choice.
  const { identity, isLocationSettled, hasNoLocation } = useIdentityWithDefaultLocation();
  // Signed in: the screens refresh from the live updates stream (their polling stays as the fallback).
  useLiveUpdates(liveRefresh);
  useEffect(() => setOpen(!isMobile), [isMobile]);
  // The frame boot.ts drew (lib/boot-shell.ts) goes in the commit that shows the shell and its page.
  const isShown = Boolean(identity.data) && isLocationSettled;
  useLayoutEffect(() => {
    if (isShown) removeBootShell();
  }, [isShown]);

  if (!identity.data || !isLocationSettled) return <PageLoading full />;
  const role = identity.data.user_role;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header role={role} onMenuClick={() => setOpen((value) => !value)} />
      <SideMenu role={role} open={open} isMobile={isMobile} onClose={() => setOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 } }}>
          {hasNoLocation && <NoLocationBanner role={role} />}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
};
