import type { PickAnswer, ReplenishmentLine } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';
import { recordSentPosts } from '../support/sent-posts';

const TEXTS = {
  es: {
    title: 'Lista de reposición',
    offline: 'Sin conexión',
    allSent: 'Todo está enviado',
    picks: '2 recogidas',
    menu: 'Terminal de tienda',
    fullApp: 'Aplicación completa',
  },
  en: {
    title: 'Pick list',
    offline: 'No network',
    allSent: 'Everything is sent',
    picks: '2 picks',
    menu: 'Handheld app',
    fullApp: 'Full app',
  },
} as const;

/** A pick as the app sends it (with the app's UUID). */
type PickBody = { id: string; gtin: string; status: string; quantity?: number };

/**
 * The pick list on the store's handheld app (issue 32) at 390 px, in Spanish and English: the clerk (role 3) of T-MAD-01
 * opens the app from the user menu and the pick list online, then the network goes; a line is picked and another skipped: both wait on the device, marked as
 * waiting, and nothing reaches the server. The network is back: each is sent, and stored once: the server's list shows
 * the pick and no longer the skipped line, every pick the app sent has one 201, and the same pick sent again through
 * the API (the same UUID) answers the first pick with 200. "Full app" leads back to the dashboard.
 */
describe('handheld: picks made offline, sent once when the network is back', () => {
  const browser = useBrowser();

  for (const language of ['es', 'en'] as const) {
    it(`${language}, 390 px: a pick and a skip made offline are stored once when the network is back`, async () => {
      const texts = TEXTS[language];
      const admin = await apiAs('admin@demo.local');
      const clerk = await apiAs('editor@demo.local');
      const store = await findLocation(admin, 'T-MAD-01');
      const listUrl = `/locations/${store.id}/replenishment/?limit=100`;
      const serverList = async () => (await clerk<{ results: ReplenishmentLine[] }>('GET', listUrl)).json.results;
      const open = (await serverList()).filter((line) => line.picked === null);
      const [toPick, toSkip] = open;
      if (!toPick || !toSkip) throw new Error('the demo pick list of T-MAD-01 has fewer than two lines to work');

      const { page, context } = await openPage(browser(), { email: 'editor@demo.local', at: store, viewport: MOBILE, language });
      const sent = recordSentPosts<PickBody>(page, `/api/locations/${store.id}/replenishment/picks/`);
      // The signed-in shell's user menu opens the handheld app.
      await page.goto('/dashboard');
      await page.getByTestId('user-menu-button').click();
      const menuEntry = page.getByTestId('user-menu-handheld');
      await menuEntry.waitFor();
      expect(await menuEntry.textContent()).toBe(texts.menu);
      await menuEntry.click();
      await page.waitForURL('**/handheld');
      await page.getByTestId('handheld-tile-pick').click();
      await page.waitForURL('**/handheld/picks');
      await poll(() => page.getByRole('heading', { name: texts.title, exact: true }).count()).toBe(1);
      const card = (gtin: string) => page.locator(`[data-testid="handheld-pick-line"][data-gtin="${gtin}"]`);
      await poll(() => card(toPick.gtin).count()).toBe(1);
      await poll(() => card(toSkip.gtin).count()).toBe(1);
      await phoneShot(page, `handheld-picks-${language}`);

      // The network goes: the pick and the skip wait on the device.
      await context.setOffline(true);
      await poll(() => page.getByTestId('handheld-status').getAttribute('data-online')).toBe('false');
      await card(toPick.gtin).getByTestId('handheld-pick-pick').click();
      await card(toSkip.gtin).getByTestId('handheld-pick-skip').click();
      for (const gtin of [toPick.gtin, toSkip.gtin]) {
        await poll(() => card(gtin).getByTestId('handheld-pick-state').getAttribute('data-state')).toBe('waiting');
      }
      await poll(() => page.getByTestId('handheld-waiting').getAttribute('data-count')).toBe('2');
      expect(await page.getByTestId('handheld-waiting').textContent()).toContain(texts.picks);
      expect(await page.getByTestId('handheld-status').textContent()).toContain(texts.offline);
      await phoneShot(page, `handheld-picks-offline-${language}`);
      // Nothing reached the server.
      expect(sent.size).toBe(0);
      const meanwhile = await serverList();
      expect(meanwhile.find((line) => line.gtin === toPick.gtin)?.picked).toBeNull();
      expect(meanwhile.some((line) => line.gtin === toSkip.gtin)).toBe(true);

      // The network is back: both are sent, each stored once.
      await context.setOffline(false);
      await poll(() => page.getByTestId('handheld-waiting').textContent(), { timeout: 30_000 }).toBe(texts.allSent);
      await poll(async () => (await serverList()).find((line) => line.gtin === toPick.gtin)?.picked).toBe(toPick.to_pick);
      expect((await serverList()).some((line) => line.gtin === toSkip.gtin)).toBe(false);
      await poll(() => card(toPick.gtin).getByTestId('handheld-pick-state').getAttribute('data-state')).toBe('picked');
      expect(await page.getByTestId('handheld-refused').count()).toBe(0);
      await phoneShot(page, `handheld-picks-sent-${language}`);

      const picks = [...sent.values()];
      expect(picks.map((pick) => [pick.body.gtin, pick.body.status]).sort()).toEqual(
        [
          [toPick.gtin, 'picked'],
          [toSkip.gtin, 'skipped'],
        ].sort(),
      );
      for (const pick of picks) {
        // One 201 an id: the first send stored it, any other was a resend.
        expect(pick.statuses.filter((status) => status === 201)).toEqual([201]);
        const first = await clerk<PickAnswer>('POST', `/locations/${store.id}/replenishment/picks/`, pick.body);
        const again = await clerk<PickAnswer>('POST', `/locations/${store.id}/replenishment/picks/`, pick.body);
        expect([first.status, again.status]).toEqual([200, 200]);
        expect(again.json).toEqual(first.json);
      }
      expect((await serverList()).find((line) => line.gtin === toPick.gtin)?.picked).toBe(toPick.to_pick);

      // The way back to the dashboard.
      await page.getByRole('link', { name: texts.fullApp }).click();
      await page.waitForURL('**/dashboard');
      await context.close();
    });
  }
});
