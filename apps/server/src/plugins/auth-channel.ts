/**
 * The `auth_changed` channel: a trigger notifies it when users, their tokens or their locations change (migration
 * 0018) or a location does (0021); revoking an API key notifies it too (modules/api-keys). Every process empties its
 * token cache when it hears it.
 */
export const AUTH_CHANGED = 'auth_changed';
