import { Menu, MenuItem } from '@mui/material';
import { canDo, RoleThreshold } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';
import { LANGUAGES } from '../../lib/i18n';
import { allowedMenuSets, type MenuSet } from './menu';
import { useMenuSet } from './use-shell-state';

/**
 * The header's two menus (app/shell/header.tsx), in a chunk of their own loaded on the first click of their button:
 * a first screen does not need MUI's menus (issue 30, pages on a phone).
 */
export type HeaderMenuProps = { anchor: HTMLElement | null; onClose: () => void };

/** The sets the user menu offers (each only to the roles allowed it): the brand dashboard's is roles 1 and 2's. */
const USER_MENU_SETS: MenuSet[] = ['admin_menu', 'dashboard_menu', 'brand_menu', 'printer_menu'];

/** The language menu: Español, English. */
export const LanguageMenu = ({ anchor, onClose }: HeaderMenuProps) => {
  const { i18n } = useTranslation('shell');
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((lng) => (
        <MenuItem
          key={lng}
          selected={i18n.language === lng}
          onClick={() => {
            onClose();
            void i18n.changeLanguage(lng);
          }}
          data-testid={`language-${lng}`}
        >
          {lng === 'es' ? 'Español' : 'English'}
        </MenuItem>
      ))}
    </Menu>
  );
};

/**
 * The user menu: the other menu sets the role allows, the store's handheld app (roles 1 to 4: its picks are theirs,
 * counting is roles 1 to 3's), account and company security, sessions, sign off.
 */
export const UserMenu = ({ anchor, onClose, role }: HeaderMenuProps & { role: number }) => {
  const { t } = useTranslation('shell');
  const [menuSet, setMenuSet] = useMenuSet();
  const navigate = useNavigate();
  const logout = useLogout();
  const allowed = allowedMenuSets(role);

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
  /** A menu entry: closes the menu, then does `action`. */
  const item = (key: string, testId: string, label: string, action: () => void) => (
    <MenuItem
      key={key}
      data-testid={testId}
      onClick={() => {
        onClose();
        action();
      }}
    >
      {label}
    </MenuItem>
  );

  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {[
        ...USER_MENU_SETS.filter((set) => set !== menuSet && allowed.includes(set)).map((set) =>
          item(set, `user-menu-${set}`, t(`userMenu.${set}`), () => chooseSet(set)),
        ),
        ...(canDo(role, RoleThreshold.write)
          ? [
              item('handheld', 'user-menu-handheld', t('userMenu.handheld'), () => {
                void navigate('/handheld');
              }),
            ]
          : []),
        item('account-security', 'user-menu-account-security', t('userMenu.accountSecurity'), () => {
          void navigate('/account/security');
        }),
        ...(role === 1
          ? [
              item('company-security', 'user-menu-company-security', t('userMenu.companySecurity'), () => {
                void navigate('/admin/security');
              }),
            ]
          : []),
        item('sessions', 'user-menu-sessions', t('userMenu.sessions'), () => {
          void navigate('/account/sessions');
        }),
        item('sign-off', 'user-menu-sign-off', t('userMenu.signOff'), () => {
          logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
        }),
      ]}
    </Menu>
  );
};
