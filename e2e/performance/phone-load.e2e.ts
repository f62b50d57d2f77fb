import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from '../support/browser';
import { demoOrderBoxesUrl, openPhone, phonePages, signedInState, tokenOf } from '../support/page-weight';

/**
 * Pages on a phone (issue 30): /login, /dashboard, the inbound dashboard and a purchase order's boxes page, each opened
 * cold on a phone's screen, show their data having made at most 30 requests (the document, scripts, texts and API
 * calls, until the network is idle). The times under Lighthouse's mobile throttling are the bench's
 * (tools/bench/web.ts): a loaded CI machine would measure itself, so this journey counts and waits for the data.
 */

const MAX_REQUESTS = 30;

describe('pages on a phone: the first load', () => {
  const browser = useBrowser();

  it('each first page shows its data in at most 30 requests', async () => {
    const context = { baseURL: baseUrl(), locale: 'es-ES', timezoneId: 'Europe/Madrid' };
    const storageState = await signedInState(browser(), context);
    const boxesUrl = await demoOrderBoxesUrl(baseUrl(), tokenOf(storageState));
    for (const measured of phonePages(boxesUrl)) {
      const load = await openPhone(browser(), measured.url, measured.ready, {
        ...context,
        throttle: false,
        ...(measured.signedIn ? { storageState } : {}),
      });
      const list = load.requests.map((url) => new URL(url).pathname).join(' ');
      // The page loaded (its document and scripts), and its data showed (openPhone waited for it).
      expect(load.requests.length, `${measured.name}: ${list}`).toBeGreaterThan(2);
      expect(load.requests.length, `${measured.name}: ${list}`).toBeLessThanOrEqual(MAX_REQUESTS);
    }
  });
});
