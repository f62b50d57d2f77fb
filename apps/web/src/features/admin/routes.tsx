import { RoleThreshold } from '@rfid/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { ADMIN_BASE, PRINTER_BASE } from './shared/paths';
import { RequireRole } from './shared/require-role';

const AreaFormPage = lazyPage(() => import('./areas/area-form-page').then((m) => m.AreaFormPage));
const LocationFormPage = lazyPage(() => import('./locations/location-form-page').then((m) => m.LocationFormPage));
const LocationsListPage = lazyPage(() => import('./locations/locations-list-page').then((m) => m.LocationsListPage));
const PrinterFormPage = lazyPage(() => import('./printers/printer-form-page').then((m) => m.PrinterFormPage));
const PrintersListPage = lazyPage(() => import('./printers/printers-list-page').then((m) => m.PrintersListPage));
const ReaderFormPage = lazyPage(() => import('./readers/reader-form-page').then((m) => m.ReaderFormPage));
const ReadersListPage = lazyPage(() => import('./readers/readers-list-page').then((m) => m.ReadersListPage));
const CompanyUserPage = lazyPage(() => import('./users/company-user-page').then((m) => m.CompanyUserPage));
const UserFormPage = lazyPage(() => import('./users/user-form-page').then((m) => m.UserFormPage));
const UsersListPage = lazyPage(() => import('./users/users-list-page').then((m) => m.UsersListPage));

const gated = (path: string, maxRole: number, element: ReactNode): RouteObject => ({
  path,
  element: <RequireRole maxRole={maxRole}>{element}</RequireRole>,
});
const admin = RoleThreshold.adminMenu;

/** Pages of the admin feature, mounted inside the signed-in layout (see app/router.tsx). */
export const adminRoutes: RouteObject[] = [
  gated(`${ADMIN_BASE}/locations/`, admin, <LocationsListPage />),
  gated(`${ADMIN_BASE}/locations/add`, RoleThreshold.center, <LocationFormPage key="add" />),
  gated(`${ADMIN_BASE}/locations/:id/edit`, admin, <LocationFormPage key="edit" />),
  gated(`${ADMIN_BASE}/areas/add`, admin, <AreaFormPage key="add" />),
  gated(`${ADMIN_BASE}/areas/:id/edit`, admin, <AreaFormPage key="edit" />),
  gated(`${ADMIN_BASE}/devices`, admin, <ReadersListPage />),
  gated(`${ADMIN_BASE}/devices/add`, RoleThreshold.device, <ReaderFormPage key="add" />),
  gated(`${ADMIN_BASE}/devices/:id/edit`, admin, <ReaderFormPage key="edit" />),
  gated(`${ADMIN_BASE}/visualizers/locations`, admin, <UsersListPage />),
  gated(`${ADMIN_BASE}/visualizers/add`, admin, <UserFormPage key="add" />),
  gated(`${ADMIN_BASE}/visualizers/add_company_user`, RoleThreshold.companyUser, <CompanyUserPage />),
  gated(`${ADMIN_BASE}/visualizers/:id/edit`, admin, <UserFormPage key="edit" />),
  gated(`${PRINTER_BASE}/all`, RoleThreshold.printerMenu, <PrintersListPage />),
  gated(`${PRINTER_BASE}/add`, RoleThreshold.printer, <PrinterFormPage key="add" />),
  gated(`${PRINTER_BASE}/:id/edit`, admin, <PrinterFormPage key="edit" />),
];
