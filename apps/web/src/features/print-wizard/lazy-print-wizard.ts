import { lazyPage } from '../../lib/lazy-page';

/**
 * The print wizard with its code loaded when first rendered (inside a `<Suspense>`): for pages that show it only on a
 * click, so their first load does not carry it (the dashboard).
 */
export const LazyPrintWizardDialog = lazyPage(() => import('./print-wizard').then((module) => module.PrintWizardDialog));

/**
 * The expected labels' print dialog with its code (its form and schema) loaded when first rendered (inside a
 * `<Suspense>`): for pages that open it from a row's menu (the inbound dashboard).
 */
export const LazyPrintExpectedDialog = lazyPage(() =>
  import('./print-expected-dialog').then((module) => module.PrintExpectedDialog),
);
