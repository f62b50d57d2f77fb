import { Workbox } from 'workbox-window';

/**
 * Registers the installable app's service worker (vite.config.ts `installableApp`: the app's shell and the count's
 * expected stock, issue 32), in production builds only: the development server has none. A new version takes over at
 * once (skipWaiting); the page in front keeps running its code until the next navigation. Called by the handheld's
 * frame (features/handheld/handheld-frame.tsx) when it opens.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void new Workbox('/sw.js', { scope: '/' }).register().catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
