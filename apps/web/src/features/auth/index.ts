/** The public face of the auth feature: other features import only from here. */
export { useIdentity } from './api/get-identity';
export { canChangeOrders, canCreateOrders, hasRole, roleQueryOptions, useRole } from './api/get-role';
export { useLogout } from './api/logout';
export { isNotIdentity } from './keys';
export { GatedPage, isAdminMenuRole } from './role-gate';
