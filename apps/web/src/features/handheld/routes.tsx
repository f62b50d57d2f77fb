import type { RouteObject } from 'react-router';
import i18n from '../../lib/i18n';

/** The handheld's texts: its own and the shared ones; nothing else, so that it opens offline from the cache. */
const texts = () => i18n.loadNamespaces(['common', 'handheld']);

/**
 * The store's handheld app (issue 32), mounted by app/router.tsx beside the signed-in shell, not inside it: its frame
 * (handheld-frame.tsx) shows without a call to the server. /handheld is the installed app's start page.
 */
export const handheldRoutes: RouteObject[] = [
  {
    path: '/handheld',
    lazy: async () => {
      const [{ HandheldFrame }] = await Promise.all([import('./handheld-frame'), texts()]);
      return { Component: HandheldFrame };
    },
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./handheld-home-page')).HandheldHomePage }),
      },
      {
        path: 'count',
        lazy: async () => ({ Component: (await import('./count/handheld-count-page')).HandheldCountPage }),
      },
      {
        path: 'picks',
        lazy: async () => ({ Component: (await import('./picks/handheld-picks-page')).HandheldPicksPage }),
      },
      {
        path: 'receive',
        lazy: async () => ({ Component: (await import('./receive/handheld-receive-page')).HandheldReceivePage }),
      },
    ],
  },
];
