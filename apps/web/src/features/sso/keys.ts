/** Query keys of single sign-on (issue 29): everything under ['sso']. */
export const ssoKeys = {
  all: ['sso'] as const,
  config: ['sso', 'config'] as const,
};
