import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  AppBar,
  Badge,
  Box,
  Button,
  IconButton,
  InputAdornment,
  OutlinedInput,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdleTooltip } from '../../components/idle-tooltip';
import { SEARCH_BOX_SX } from '../../components/search-box';
import { ExitAlarmsBell } from '../../features/exit-alarms';
import { useAlarmCount } from '../../features/stock';
import { useCurrentLocation } from '../../lib/current-location';
import { useIdle } from '../../lib/use-idle';
import type { HeaderMenuProps } from './header-menus';

// What a first screen does not need loads after it (issue 30, pages on a phone): the search (MUI's Autocomplete) once
// the page is idle, the location picker (a dialog with tabs and pages) and the two menus on their first click, the
// picker's code fetched beforehand once the page is idle.
const loadLocationPicker = () => import('./location-picker');
const LocationPicker = lazy(() => loadLocationPicker().then((module) => ({ default: module.LocationPicker })));
const HeaderSearch = lazy(() => import('../../features/search').then((module) => ({ default: module.HeaderSearch })));
const LanguageMenu = lazy(() => import('./header-menus').then((module) => ({ default: module.LanguageMenu })));
const UserMenu = lazy(() => import('./header-menus').then((module) => ({ default: module.UserMenu })));

/** An icon button of the header that opens its menu, whose code loads on the first click and stays after. */
const HeaderMenu = ({
  icon,
  label,
  testId,
  hasTooltip = false,
  menu,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  hasTooltip?: boolean;
  menu: (props: HeaderMenuProps) => ReactNode;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  // The menu hangs from a box around the button, not from the button: the button is drawn anew when its tooltip's code
  // arrives (IdleTooltip), and a menu left on a button no longer in the page jumps to the page's corner, under the
  // pointer that was about to choose one of its entries (CI, 2026-11-30: 'English' clicked, the menu's backdrop hit).
  const place = useRef<HTMLSpanElement>(null);
  const button = (
    <IconButton
      color="inherit"
      onClick={() => {
        setAnchor(place.current);
        setWasOpened(true);
      }}
      aria-label={label}
      data-testid={testId}
    >
      {icon}
    </IconButton>
  );
  return (
    <>
      <Box component="span" ref={place} sx={{ display: 'inline-flex' }}>
        {hasTooltip ? <IdleTooltip title={label}>{button}</IdleTooltip> : button}
      </Box>
      {wasOpened && <Suspense fallback={null}>{menu({ anchor, onClose: () => setAnchor(null) })}</Suspense>}
    </>
  );
};

/**
 * The search's place in the header until its code is in: on a phone an empty place of the icon's size; wider, the box as
 * it will look (its outline, icon and placeholder, read-only), so the header does not change when the search arrives
 * and the box's text is drawn with the page's first render rather than becoming the page's largest paint once idle.
 */
const SearchPlace = () => {
  const { t } = useTranslation('shell');
  const isCompact = useMediaQuery(useTheme().breakpoints.down('md'));
  if (isCompact) return <Box sx={{ width: 40, height: 40 }} />;
  return (
    <Box sx={SEARCH_BOX_SX}>
      <OutlinedInput
        size="small"
        readOnly
        fullWidth
        placeholder={t('searchPlaceholder')}
        inputProps={{ 'aria-hidden': true, tabIndex: -1 }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
    </Box>
  );
};

export const Header = ({ role, onMenuClick }: { role: number; onMenuClick: () => void }) => {
  const { t } = useTranslation('shell');
  const location = useCurrentLocation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [wasPickerOpened, setPickerOpened] = useState(false);
  const isIdle = useIdle();
  useEffect(() => {
    if (isIdle) void loadLocationPicker();
  }, [isIdle]);
  // The alarms bell: stock alarms of every location the user sees, refreshed by the live updates (app/live-refresh.ts) and every 20 s.
  const alarms = useAlarmCount().data?.count ?? 0;
  const alarmsLabel = t('stock:alarms.bell', { count: alarms });

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
          onClick={() => {
            setPickerOpened(true);
            setPickerOpen(true);
          }}
          data-testid="location-picker-button"
          sx={{ textTransform: 'none', minWidth: 0, maxWidth: { xs: 170, sm: 360 }, justifyContent: 'flex-start' }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {location?.description ?? t('header.chooseLocation')}
          </Box>
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {isIdle ? (
          <Suspense fallback={<SearchPlace />}>
            <HeaderSearch />
          </Suspense>
        ) : (
          <SearchPlace />
        )}
        <IdleTooltip title={alarmsLabel}>
          <IconButton color="inherit" component={RouterLink} to="/alarm" aria-label={alarmsLabel} data-testid="alarms-bell">
            <Badge color="error" badgeContent={alarms} max={99} invisible={alarms === 0} data-testid="alarms-bell-count">
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </IdleTooltip>
        <ExitAlarmsBell />
        <HeaderMenu
          icon={<TranslateIcon />}
          label={t('header.language')}
          testId="language-button"
          hasTooltip
          menu={(props) => <LanguageMenu {...props} />}
        />
        <HeaderMenu
          icon={<AccountCircleIcon />}
          label={t('header.userMenu')}
          testId="user-menu-button"
          menu={(props) => <UserMenu {...props} role={role} />}
        />
      </Toolbar>
      {wasPickerOpened && (
        <Suspense fallback={null}>
          <LocationPicker open={pickerOpen} onClose={() => setPickerOpen(false)} role={role} />
        </Suspense>
      )}
    </AppBar>
  );
};
