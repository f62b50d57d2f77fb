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
  // Not `printing` and `inbound-verification`, which its history reads: with them here its data showed 1.6 s sooner on a
  // phone (5.5 → 3.9 s, still over 3 s) but its desktop LCP went from 0.84 s to 1.01–1.10 s, over its 1.0 s goal
  // (npx tsx tools/bench/web.ts --runs 5 --baseline <dist>, 2026-11-30; docs/performance.md, pages on a phone).
  { path: /^\/inbound\/$/, namespaces: ['inbound', 'orders', 'components'] },
  { path: /^\/inbound\/order\/\d+\/boxes$/, namespaces: ['order-pages', 'orders', 'components', 'catalog'] },
];

/** Every namespace of the first pages and the shell: in the `texts-<lng>` chunk (vite.config.ts). */
export const FIRST_NAMESPACES = [...new Set([...SHELL_NAMESPACES, ...FIRST_PAGE_NAMESPACES.flatMap((page) => page.namespaces)])];

/** The namespaces a page opened first at `path` waits for; undefined when it is not one of the first pages. */
export const firstPageNamespaces = (path: string): string[] | undefined => {
  const page = FIRST_PAGE_NAMESPACES.find((candidate) => candidate.path.test(path));
  return page ? [...new Set([...SHELL_NAMESPACES, ...page.namespaces])] : undefined;
};
