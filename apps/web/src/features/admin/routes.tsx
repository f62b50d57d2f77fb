import { RoleThreshold } from '@rfid/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AreaFormPage } from './areas/area-form-page';
import { LocationFormPage } from './locations/location-form-page';
import { LocationsListPage } from './locations/locations-list-page';
import { PrinterFormPage } from './printers/printer-form-page';
import { PrintersListPage } from './printers/printers-list-page';
import { ReaderFormPage } from './readers/reader-form-page';
import { ReadersListPage } from './readers/readers-list-page';
import { ADMIN_BASE, PRINTER_BASE } from './shared/paths';
import { RequireRole } from './shared/require-role';
import { CompanyUserPage } from './users/company-user-page';
import { UserFormPage } from './users/user-form-page';
import { UsersListPage } from './users/users-list-page';

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
