import { Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Toolbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { MENUS } from './menu';
import { MENU_ICONS } from './menu-icons';
import { useMenuSet } from './use-shell-state';

export const DRAWER_WIDTH = 248;

export const SideMenu = ({
  role,
  open,
  isMobile,
  onClose,
}: {
  role: number;
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('shell');
  const [menuSet] = useMenuSet();
  const { pathname } = useLocation();
  const entries = MENUS[menuSet].filter((entry) => entry.maxRole === undefined || role <= entry.maxRole);
  return (
    <Drawer
      variant={isMobile ? 'temporary' : 'persistent'}
      open={open}
      onClose={onClose}
      sx={{
        width: open && !isMobile ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      {/* A navigation landmark of links (a <ul> may hold only <li>): its heading names it. */}
      <List
        dense
        component="nav"
        aria-labelledby="side-menu-heading"
        data-testid="side-menu"
        subheader={
          <ListSubheader component="div" id="side-menu-heading">
            {t(`menuSets.${menuSet}`)}
          </ListSubheader>
        }
      >
        {entries.map((entry) => (
          <ListItemButton
            key={entry.key}
            component={NavLink}
            to={entry.to}
            selected={pathname === entry.to}
            onClick={isMobile ? onClose : undefined}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{MENU_ICONS[entry.icon]}</ListItemIcon>
            <ListItemText primary={t(`menu.${entry.key}`)} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
    </Drawer>
  );
};
