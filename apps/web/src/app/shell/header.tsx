import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PlaceIcon from '@mui/icons-material/Place';
import TranslateIcon from '@mui/icons-material/Translate';
import { AppBar, Badge, Box, Button, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';
import { useAlarmCount } from '../../features/stock';
import { useCurrentLocation } from '../../lib/current-location';
import { LANGUAGES } from '../../lib/i18n';
import { LocationPicker } from './location-picker';
import { allowedMenuSets, type MenuSet } from './menu';
import { useMenuSet } from './use-shell-state';

const USER_MENU_SETS: MenuSet[] = ['admin_menu', 'dashboard_menu', 'printer_menu'];

export const Header = ({ role, onMenuClick }: { role: number; onMenuClick: () => void }) => {
  const { t, i18n } = useTranslation('shell');
  const location = useCurrentLocation();
  const [menuSet, setMenuSet] = useMenuSet();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [langAnchor, setLangAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const allowed = allowedMenuSets(role);
  // The alarms bell: stock alarms of every location the user sees, refreshed every 20 s.
  const alarms = useAlarmCount().data?.count ?? 0;
  const alarmsLabel = t('stock:alarms.bell', { count: alarms });

  const chooseSet = (set: MenuSet) => {
    setUserAnchor(null);
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
        <Tooltip title={alarmsLabel}>
          <IconButton color="inherit" component={RouterLink} to="/alarm" aria-label={alarmsLabel} data-testid="alarms-bell">
            <Badge color="error" badgeContent={alarms} max={99} invisible={alarms === 0} data-testid="alarms-bell-count">
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('header.language')}>
          <IconButton
            color="inherit"
            onClick={(e) => setLangAnchor(e.currentTarget)}
            aria-label={t('header.language')}
            data-testid="language-button"
          >
            <TranslateIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={langAnchor} open={Boolean(langAnchor)} onClose={() => setLangAnchor(null)}>
          {LANGUAGES.map((lng) => (
            <MenuItem
              key={lng}
              selected={i18n.language === lng}
              onClick={() => {
                setLangAnchor(null);
                void i18n.changeLanguage(lng);
              }}
              data-testid={`language-${lng}`}
            >
              {lng === 'es' ? 'Español' : 'English'}
            </MenuItem>
          ))}
        </Menu>
        <IconButton
          color="inherit"
          onClick={(e) => setUserAnchor(e.currentTarget)}
          aria-label={t('header.userMenu')}
          data-testid="user-menu-button"
        >
          <AccountCircleIcon />
        </IconButton>
        <Menu anchorEl={userAnchor} open={Boolean(userAnchor)} onClose={() => setUserAnchor(null)}>
          {USER_MENU_SETS.filter((set) => set !== menuSet && allowed.includes(set)).map((set) => (
            <MenuItem key={set} onClick={() => chooseSet(set)} data-testid={`user-menu-${set}`}>
              {t(`userMenu.${set}`)}
            </MenuItem>
          ))}
          <MenuItem
            data-testid="user-menu-sign-off"
            onClick={() => {
              setUserAnchor(null);
              logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
            }}
          >
            {t('userMenu.signOff')}
          </MenuItem>
        </Menu>
      </Toolbar>
      <LocationPicker open={pickerOpen} onClose={() => setPickerOpen(false)} role={role} />
    </AppBar>
  );
};
