import { lazy, Suspense } from 'react';

const Entry = lazy(async () => ({ default: (await import('./sso-login-entry')).SsoLoginEntry }));

/**
 * The sign-in page's "Sign in with your company account" (issue 29), loaded after the page: the first page a visitor
 * opens stays small (README, Performance: /login's JavaScript ≤ 250 KB gzip).
 */
export const SsoLoginLink = () => (
  <Suspense fallback={null}>
    <Entry />
  </Suspense>
);
