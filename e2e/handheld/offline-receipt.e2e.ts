import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, phoneShot, poll, useBrowser } from '../support/browser';
import { apiAs, boxPlan, createPurchaseOrder, demoCatalog, findLocation, sgtin96 } from '../support/journey-api';
import { wedgeOn } from '../support/readers';
import { recordSentPosts } from '../support/sent-posts';

const TEXTS = {
  es: { offline: 'Sin conexión', allSent: 'Todo está enviado', boxes: '1 caja', read: '3 EPC leídos', submit: 'Recibir caja' },
  en: { offline: 'No network', allSent: 'Everything is sent', boxes: '1 box', read: '3 EPCs read', submit: 'Receive box' },
} as const;

/** A receipt as the app sends it (with the app's UUID). */
type ReceiptBody = { id: string; codebar: string; epcs: string[] };
type Verifications = { count: number; results: { real_item_count: number; readers: { serial_number: string }[] }[] };

/**
 * A box received on the store's handheld app (issue 32) at 390 px, in Spanish and English: the clerk (role 3) of
 * T-MAD-01 opens "Receive a box" while online, then the network goes. A new purchase order of the demo store has one
 * box (2 units of a GTIN, 1 of another): its barcode is typed by the scanner into the field, its three tags by the
 * reader's keyboard wedge into the page (no field), and "Receive box" queues the receipt: it waits on the device and
 * nothing reaches the server. The network is back: it is sent once, and the box is verified once, as a set of the
 * store's receiving reader (POR-T01-ENT) verifies it: checked without errors, three units real. The same receipt sent
 * again through the API answers 200 and changes nothing.
 */
describe('handheld: a box received offline, verified once when the network is back', () => {
  const browser = useBrowser();

  for (const language of ['es', 'en'] as const) {
    it(`${language}, 390 px: a box's barcode and wedge EPCs received offline verify the box once`, async () => {
      const texts = TEXTS[language];
      const admin = await apiAs('admin@demo.local');
      const clerk = await apiAs('editor@demo.local');
      const store = await findLocation(admin, 'T-MAD-01');
      const { provider, gtins } = await demoCatalog(admin, 2);
      const [first, second] = gtins as [string, string];
      const code = `HHR-${language}-${Date.now()}`;
      const codebar = `${code}-A`;
      const { orderId, boxIds } = await createPurchaseOrder(admin, {
        code,
        destinationId: store.id,
        providerId: provider.id,
        boxes: [boxPlan(codebar, [first, 2], [second, 1])],
      });
      const boxId = boxIds[0] as number;
      // Serials no other run used (the time, and the language apart).
      const serial = ((Date.now() % 1_000_000_000) * 4 + (language === 'es' ? 0 : 2)) * 10;
      const epcs = [sgtin96(first, serial), sgtin96(first, serial + 1), sgtin96(second, serial + 2)];
      const verifications = async () => (await admin<Verifications>('GET', `/rboxes/${boxId}/verifications/`)).json;

      const { page, context } = await openPage(browser(), { email: 'editor@demo.local', at: store, viewport: MOBILE, language });
      const wedge = await wedgeOn(page);
      const sent = recordSentPosts<ReceiptBody>(page, `/api/locations/${store.id}/handheld_receipts/`);
      await page.goto('/handheld');
      await page.getByTestId('handheld-tile-receive').click();
      await page.waitForURL('**/handheld/receive');
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('handheld-receive-barcode');

      // The network goes: the receipt waits on the device.
      await context.setOffline(true);
      await poll(() => page.getByTestId('handheld-status').getAttribute('data-online')).toBe('false');
      // The scanner types the barcode into the field and ends it with Enter; the wedge types the tags into the page.
      await page.keyboard.type(`${codebar}\n`);
      await poll(() => page.getByTestId('handheld-receive-box').textContent()).toContain(codebar);
      await wedge.types(epcs);
      await poll(() => page.getByTestId('handheld-receive-read').getAttribute('data-count')).toBe('3');
      expect(await page.getByTestId('handheld-receive-read').textContent()).toBe(texts.read);
      const submit = page.getByTestId('handheld-receive-submit');
      expect(await submit.textContent()).toBe(texts.submit);
      expect((await submit.boundingBox())?.height).toBeGreaterThanOrEqual(56);
      await phoneShot(page, `handheld-receive-box-read-${language}`);
      await submit.click();
      await poll(() => page.getByTestId('handheld-waiting').getAttribute('data-count')).toBe('1');
      expect(await page.getByTestId('handheld-waiting').textContent()).toContain(texts.boxes);
      expect(await page.getByTestId('handheld-status').textContent()).toContain(texts.offline);
      await poll(() => page.getByTestId('handheld-receive-queued').count()).toBe(1);
      await phoneShot(page, `handheld-receive-offline-${language}`);
      // Nothing reached the server.
      expect(sent.size).toBe(0);
      expect((await verifications()).count).toBe(0);

      // The network is back: the receipt is sent, and the box verified once, as its receiving reader's set.
      await context.setOffline(false);
      await poll(() => page.getByTestId('handheld-waiting').textContent(), { timeout: 30_000 }).toBe(texts.allSent);
      await poll(async () => (await verifications()).count).toBe(1);
      const [verification] = (await verifications()).results;
      expect(verification?.real_item_count).toBe(3);
      expect(verification?.readers.map((reader) => reader.serial_number)).toEqual(['POR-T01-ENT']);
      const order = (await admin<Record<string, unknown>>('GET', `/porders/${orderId}/`)).json;
      expect(order).toMatchObject({ destination_status: 3, num_verified_boxes: 1, real_item_count: 3 });
      expect(await page.getByTestId('handheld-refused').count()).toBe(0);
      await phoneShot(page, `handheld-receive-sent-${language}`);

      const receipts = [...sent.values()];
      expect(receipts.map((receipt) => [receipt.body.codebar, receipt.body.epcs])).toEqual([[codebar, epcs]]);
      for (const receipt of receipts) {
        // One 201 an id: the first send stored it, any other was a resend.
        expect(receipt.statuses.filter((status) => status === 201)).toEqual([201]);
        const again = await clerk<{ id: string; created: boolean }>(
          'POST',
          `/locations/${store.id}/handheld_receipts/`,
          receipt.body,
        );
        expect(again.status).toBe(200);
        expect(again.json).toMatchObject({ id: receipt.body.id, created: false });
      }
      expect((await verifications()).count).toBe(1);
      expect((await admin<Record<string, unknown>>('GET', `/porders/${orderId}/`)).json).toMatchObject({
        num_verified_boxes: 1,
        real_item_count: 3,
      });
      await context.close();
    });
  }
});
