import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PlaceIcon from '@mui/icons-material/Place';
import TranslateIcon from '@mui/icons-material/Translate';
import { AppBar, Badge, Box, Button, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';
import { ExitAlarmsBell } from '../../features/exit-alarms';
import { HeaderSearch } from '../../features/search';
import { useAlarmCount } from '../../features/stock';
import { useCurrentLocation } from '../../lib/current-location';
import { LANGUAGES } from '../../lib/i18n';
import { LocationPicker } from './location-picker';
import { allowedMenuSets, type MenuSet } from './menu';
import { useMenuSet } from './use-shell-state';

/** The sets the user menu offers (each only to the roles allowed it): the brand dashboard's is roles 1 and 2's. */
const USER_MENU_SETS: MenuSet[] = ['admin_menu', 'dashboard_menu', 'brand_menu', 'printer_menu'];

/** An icon button of the header that opens its menu; `children` get `close` for their clicks. */
const HeaderMenu = ({
  icon,
  label,
  testId,
  hasTooltip = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  hasTooltip?: boolean;
  children: (close: () => void) => ReactNode;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const button = (
    <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={label} data-testid={testId}>
      {icon}
    </IconButton>
  );
  return (
    <>
      {hasTooltip ? <Tooltip title={label}>{button}</Tooltip> : button}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {children(close)}
      </Menu>
    </>
  );
};

export const Header = ({ role, onMenuClick }: { role: number; onMenuClick: () => void }) => {
  const { t, i18n } = useTranslation('shell');
  const location = useCurrentLocation();
  const [menuSet, setMenuSet] = useMenuSet();
  const [pickerOpen, setPickerOpen] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout();
  const allowed = allowedMenuSets(role);
  // The alarms bell: stock alarms of every location the user sees, refreshed by the live updates (app/live-refresh.ts) and every 20 s.
  const alarms = useAlarmCount().data?.count ?? 0;
  const alarmsLabel = t('stock:alarms.bell', { count: alarms });

  const chooseSet = (set: MenuSet) => {
    setMenuSet(set);
    const home: Record<MenuSet, string> = {
      admin_menu: '/administrador/locations/',
      dashboard_menu: '/dashboard',
      printer_menu: '/bionix-printer/orders',
      brand_menu: '/brand/dashboard',
    };
    void navigate(home[set]);
  };

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton color="inherit" edge="start" onClick={onMenuClick} aria-label={t('header.openMenu')}>
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to="/dashboard"
          variant="h6"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', display: { xs: 'none', md: 'block' }, mr: 2 }}
        >
          Bionix RFID
        </Typography>
        <Button
          color="inherit"
          startIcon={<PlaceIcon />}
          onClick={() => setPickerOpen(true)}
          data-testid="location-picker-button"
          sx={{ textTransform: 'none', minWidth: 0, maxWidth: { xs: 170, sm: 360 }, justifyContent: 'flex-start' }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {location?.description ?? t('header.chooseLocation')}
          </Box>
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <HeaderSearch />
        <Tooltip title={alarmsLabel}>
          <IconButton color="inherit" component={RouterLink} to="/alarm" aria-label={alarmsLabel} data-testid="alarms-bell">
            <Badge color="error" badgeContent={alarms} max={99} invisible={alarms === 0} data-testid="alarms-bell-count">
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <ExitAlarmsBell />
        <HeaderMenu icon={<TranslateIcon />} label={t('header.language')} testId="language-button" hasTooltip>
          {(close) =>
            LANGUAGES.map((lng) => (
              <MenuItem
                key={lng}
                selected={i18n.language === lng}
                onClick={() => {
                  close();
                  void i18n.changeLanguage(lng);
                }}
                data-testid={`language-${lng}`}
              >
                {lng === 'es' ? 'Español' : 'English'}
              </MenuItem>
            ))
          }
        </HeaderMenu>
        <HeaderMenu icon={<AccountCircleIcon />} label={t('header.userMenu')} testId="user-menu-button">
          {(close) => [
            ...USER_MENU_SETS.filter((set) => set !== menuSet && allowed.includes(set)).map((set) => (
              <MenuItem
                key={set}
                onClick={() => {
                  close();
                  chooseSet(set);
                }}
                data-testid={`user-menu-${set}`}
              >
                {t(`userMenu.${set}`)}
              </MenuItem>
            )),
            <MenuItem
              key="account-security"
              data-testid="user-menu-account-security"
              onClick={() => {
                close();
                void navigate('/account/security');
              }}
            >
              {t('userMenu.accountSecurity')}
            </MenuItem>,
            ...(role === 1
              ? [
                  <MenuItem
                    key="company-security"
                    data-testid="user-menu-company-security"
                    onClick={() => {
                      close();
                      void navigate('/admin/security');
                    }}
                  >
                    {t('userMenu.companySecurity')}
                  </MenuItem>,
                ]
              : []),
            <MenuItem
              key="sessions"
              data-testid="user-menu-sessions"
              onClick={() => {
                close();
                void navigate('/account/sessions');
              }}
            >
              {t('userMenu.sessions')}
            </MenuItem>,
            <MenuItem
              key="sign-off"
              data-testid="user-menu-sign-off"
              onClick={() => {
                close();
                logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
              }}
            >
              {t('userMenu.signOff')}
            </MenuItem>,
          ]}
        </HeaderMenu>
      </Toolbar>
      <LocationPicker open={pickerOpen} onClose={() => setPickerOpen(false)} role={role} />
    </AppBar>
  );
};
