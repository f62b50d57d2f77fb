import { describe, expect, it } from 'vitest';
import { baseUrl, MOBILE, openPage, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { apiAs, findLocation, sgtin96 } from '../support/journey-api';
import { demoReader, wedgeOn } from '../support/readers';

/** The sales floor's handheld of T-MAD-01 (demo data): the app's counts of that area are its reading sets. */
const FLOOR_HANDHELD = demoReader('HH-T01-01');
const EPCS_A_COUNT = 300;

/** What the server holds of the floor handheld's sets (GET /readers/status/ with its key): sets and reads stored. */
const storedOfHandheld = async (): Promise<{ sets: number; reads: number }> => {
  const response = await fetch(`${baseUrl()}/api/readers/status/`, {
    headers: { Authorization: `Device ${FLOOR_HANDHELD.key}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { stored_sets: number; stored_reads: number };
  return { sets: body.stored_sets, reads: body.stored_reads };
};

/** `count` new SGTIN-96 EPCs of a GTIN no demo item has, from a serial no other run used. */
const newEpcs = (count: number, language: string): string[] => {
  const first = (Date.now() % 1_000_000_000) * 4 + (language === 'es' ? 0 : 2);
  return Array.from({ length: count }, (_, index) => sgtin96('08437999000017', first * 1000 + index));
};

const TEXTS = {
  es: { area: 'Sala de ventas', offline: 'Sin conexión', allSent: 'Todo está enviado', noHandheldArea: 'Caja' },
  en: { area: 'Sala de ventas', offline: 'No network', allSent: 'Everything is sent', noHandheldArea: 'Caja' },
} as const;

/**
 * A count on the store's handheld app (issue 32) at 390 px: the store's clerk (role 3) counts the sales floor of
 * T-MAD-01 with the reader's keyboard wedge (the EPCs typed into the page as hex ended by Enter, hundreds in seconds,
 * with no field); half way the network is cut: the app keeps counting, says what waits, and sends it when the network
 * is back. Every EPC is stored once: the floor handheld's stored reads rise by exactly the distinct EPCs typed, though
 * some were typed twice and the sets waited. A count of an area with no handheld is refused: the refusal stays in the
 * list with the server's message.
 */
describe('handheld: an area counted with the network cut half way', () => {
  const browser = useBrowser();

  for (const language of ['es', 'en'] as const) {
    it(`${language}, 390 px: a keyboard-wedge count, offline half way, then back: every EPC stored once`, async () => {
      const texts = TEXTS[language];
      const api = await apiAs('admin@demo.local');
      const store = await findLocation(api, 'T-MAD-01');
      const epcs = newEpcs(EPCS_A_COUNT, language);
      const half = EPCS_A_COUNT / 2;
      const before = await storedOfHandheld();

      const { page, context } = await openPage(browser(), {
        email: 'editor@demo.local',
        at: store,
        viewport: MOBILE,
        language,
      });
      const wedge = await wedgeOn(page);
      await page.goto('/handheld');
      await poll(() => page.getByTestId('handheld-home').count()).toBe(1);
      await phoneShot(page, `handheld-home-${language}`);
      await page.getByTestId('handheld-tile-count').click();
      await page.getByRole('combobox').click();
      await page.getByRole('option', { name: texts.area }).click();
      await page.getByTestId('handheld-count-start').click();
      // The area's expected stock is in before the network goes (kept for the count).
      await poll(() => page.getByTestId('handheld-count-expected').textContent()).toMatch(/\d/);

      // The first half, as the wedge types it: hex and Enter, no pause, into no field.
      const started = Date.now();
      await wedge.types(epcs.slice(0, half));
      const firstHalfMs = Date.now() - started;
      await poll(() => page.getByTestId('handheld-count-read').getAttribute('data-count')).toBe(String(half));
      await poll(() => page.getByTestId('handheld-waiting').textContent()).toBe(texts.allSent);
      await poll(async () => (await storedOfHandheld()).reads - before.reads).toBe(half);
      await screenshot(page, `handheld-count-online-${language}`);

      // The network goes: the second half, with 20 EPCs of the first read again, is counted and waits on the device.
      await context.setOffline(true);
      await poll(() => page.getByTestId('handheld-status').getAttribute('data-online')).toBe('false');
      const second = [...epcs.slice(half), ...epcs.slice(0, 20)];
      await wedge.types(second);
      await poll(() => page.getByTestId('handheld-count-read').getAttribute('data-count')).toBe(String(EPCS_A_COUNT));
      await poll(async () => Number(await page.getByTestId('handheld-waiting').getAttribute('data-count'))).toBeGreaterThan(0);
      expect(await page.getByTestId('handheld-status').textContent()).toContain(texts.offline);
      await phoneShot(page, `handheld-count-offline-${language}`);
      // Nothing of the second half reached the server.
      expect((await storedOfHandheld()).reads - before.reads).toBe(half);

      // The network is back: what waited is sent, and stored once.
      await context.setOffline(false);
      await poll(() => page.getByTestId('handheld-waiting').textContent(), { timeout: 30_000 }).toBe(texts.allSent);
      await poll(async () => (await storedOfHandheld()).reads - before.reads).toBe(EPCS_A_COUNT);
      const after = await storedOfHandheld();
      // At least two sets (one before the cut, one after), each of its EPCs once: reads stored = EPCs typed, distinct.
      expect(after.sets - before.sets).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('handheld-refused').count()).toBe(0);
      console.info(`${language}: ${half} EPCs typed as a wedge in ${firstHalfMs} ms`);

      // An area with no handheld reader: the server refuses the count (409), the app keeps it with the server's message.
      await page.getByTestId('handheld-count-finish').click();
      await page.getByRole('combobox').click();
      await page.getByRole('option', { name: texts.noHandheldArea }).click();
      await page.getByTestId('handheld-count-start').click();
      await wedge.types([sgtin96('08437999000017', 1)]);
      await poll(() => page.getByTestId('handheld-refused-entry').count()).toBe(1);
      const refusal = await page.getByTestId('handheld-refused-entry').textContent();
      expect(refusal).toContain(texts.noHandheldArea);
      expect(refusal).toContain(language === 'es' ? 'no tiene lector de mano' : 'has no handheld reader');
      await phoneShot(page, `handheld-count-refused-${language}`);
      await context.close();
    });
  }
});
