import { Role, RoleThreshold } from '@rfid/contract';
import { AUDIT_PATH } from '../../features/audit';
import { CATALOG_IMPORT_PATH } from '../../features/catalog-import';
import { PRODUCT } from '../../lib/product';

export const MENU_SETS = ['dashboard_menu', 'brand_menu', 'admin_menu', 'printer_menu'] as const;
export type MenuSet = (typeof MENU_SETS)[number];

export type MenuEntry = { key: string; to: string; icon: string; maxRole?: number };

const printer = `/${PRODUCT}-printer`;

/** The four menu sets of the spec; `key` is the label under shell:menu. */
export const MENUS: Record<MenuSet, MenuEntry[]> = {
  dashboard_menu: [
    { key: 'dashboard', to: '/dashboard', icon: 'dashboard' },
    { key: 'inbound', to: '/inbound/', icon: 'inbound' },
    { key: 'inboundReturns', to: '/inbound/returns', icon: 'return' },
    { key: 'online', to: '/online/', icon: 'online' },
    { key: 'outboundReturns', to: '/outbound/returns', icon: 'return' },
    { key: 'movementsExit', to: '/movements/exit/', icon: 'exit' },
    { key: 'movementsEntry', to: '/movements/entry/', icon: 'entry' },
    { key: 'posSales', to: '/pos/exits', icon: 'pos' },
    { key: 'posReturns', to: '/pos', icon: 'pos' },
    { key: 'inventory', to: '/inventory/', icon: 'inventory' },
    { key: 'stock', to: '/stock', icon: 'stock' },
    { key: 'erpStock', to: '/erp/stock', icon: 'erp' },
    { key: 'replenishment', to: '/replenishment', icon: 'replenish' },
    { key: 'areaStock', to: '/inventory/stocks', icon: 'stock' },
    { key: 'epcStock', to: '/epc-stock', icon: 'tag' },
    { key: 'boxStock', to: '/inventory/boxstocks', icon: 'box' },
    { key: 'alarms', to: '/alarm', icon: 'alarm' },
    { key: 'exitAlarms', to: '/exit-alarms', icon: 'exitAlarm' },
    { key: 'shrink', to: '/shrink', icon: 'shrink', maxRole: RoleThreshold.shrink },
    { key: 'availability', to: '/availability', icon: 'availability' },
    { key: 'findItem', to: '/find-item', icon: 'find' },
    { key: 'trackEpc', to: '/track-epc', icon: 'tag' },
    { key: 'epcis', to: '/epcis', icon: 'epcis' },
    { key: 'freeScan', to: '/free-scan', icon: 'scan' },
    { key: 'support', to: '/support', icon: 'support' },
  ],
  brand_menu: [{ key: 'brandDashboard', to: '/brand/dashboard', icon: 'dashboard' }],
  admin_menu: [
    { key: 'locations', to: '/administrador/locations/', icon: 'location', maxRole: RoleThreshold.adminMenu },
    { key: 'devices', to: '/administrador/devices', icon: 'device', maxRole: RoleThreshold.adminMenu },
    { key: 'users', to: '/administrador/visualizers/locations', icon: 'users', maxRole: RoleThreshold.adminMenu },
    { key: 'apiKeys', to: '/administrador/api-keys', icon: 'key', maxRole: RoleThreshold.adminMenu },
    { key: 'sso', to: '/administrador/sso', icon: 'sso', maxRole: Role.CompanyAdmin },
    { key: 'webhooks', to: '/administrador/webhooks', icon: 'webhook', maxRole: RoleThreshold.adminMenu },
    { key: 'audit', to: AUDIT_PATH, icon: 'audit', maxRole: RoleThreshold.adminMenu },
    { key: 'catalogImport', to: CATALOG_IMPORT_PATH, icon: 'catalogImport', maxRole: RoleThreshold.adminMenu },
  ],
  printer_menu: [
    { key: 'printOrders', to: `${printer}/orders`, icon: 'print' },
    { key: 'printers', to: `${printer}/all`, icon: 'printer' },
    { key: 'impressions', to: `${printer}/impresions`, icon: 'download' },
    { key: 'production', to: `${printer}/production`, icon: 'production' },
  ],
};

/** Which sets a role may switch to from the user menu (spec section 6). */
export const allowedMenuSets = (role: number): MenuSet[] =>
  MENU_SETS.filter((set) => {
    if (set === 'admin_menu') return role <= RoleThreshold.adminMenu;
    if (set === 'printer_menu') return role <= RoleThreshold.printerMenu;
    if (set === 'brand_menu') return role <= 2;
    return true;
  });
