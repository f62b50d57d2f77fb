/**
 * The pages a phone opens first (issue 30) and the translation namespaces each one's first screen reads, beside the
 * signed-in shell's. Opened first, such a page waits for these only, one file a language (vite.config.ts puts them in
 * the `texts-<lng>` chunk, with `common` and `auth`, which boot.ts preloads); the other namespaces load once the page is idle
 * (app/shell/layout.tsx), and any other page opened first, or later, waits for all of them (app/router.tsx).
 * Pure data: vite.config.ts reads it too.
 */
export const SHELL_NAMESPACES = ['common', 'shell', 'stock', 'exit-alarms'];

export const FIRST_PAGE_NAMESPACES: { path: RegExp; namespaces: string[] }[] = [
  { path: /^\/dashboard$/, namespaces: ['dashboard', 'replenishment', 'shrink', 'components', 'orders'] },
  // The history's columns and buttons read `printing` (tick, print the ticked orders) and `inbound-verification` (the
  // verification's link): without them the page waited for every other namespace (locales-<lng>, asked for once the
  // entry ran) before its first order card, on a phone ~1 s after the dashboard's figures (issue 30).
  { path: /^\/inbound\/$/, namespaces: ['inbound', 'orders', 'components', 'printing', 'inbound-verification'] },
  { path: /^\/inbound\/order\/\d+\/boxes$/, namespaces: ['order-pages', 'orders', 'components', 'catalog'] },
];

/** Every namespace of the first pages and the shell: in the `texts-<lng>` chunk (vite.config.ts). */
export const FIRST_NAMESPACES = [...new Set([...SHELL_NAMESPACES, ...FIRST_PAGE_NAMESPACES.flatMap((page) => page.namespaces)])];

/** The namespaces a page opened first at `path` waits for; undefined when it is not one of the first pages. */
export const firstPageNamespaces = (path: string): string[] | undefined => {
  const page = FIRST_PAGE_NAMESPACES.find((candidate) => candidate.path.test(path));
  return page ? [...new Set([...SHELL_NAMESPACES, ...page.namespaces])] : undefined;
};
