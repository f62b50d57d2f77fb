/** Query keys of the account's security (issue 29). */
export const accountSecurityKeys = {
  all: ['account-security'] as const,
  totp: ['account-security', 'totp'] as const,
  company: ['account-security', 'company'] as const,
};
