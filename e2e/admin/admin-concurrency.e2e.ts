import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, fitsPhone, MOBILE, newPage, screenshot, signIn, useBrowser } from '../support/browser';
import { apiAs, findLocation } from '../support/journey-api';

/**
 * Two administrators edit one reader at once (issue 25, item 6): the first save wins; the second is told, in the page's
 * language, that another user changed the reader, keeps what was typed and saves nothing; Reload shows the first one's
 * change, and a save after it goes through. The readers are made for the journey (the demo ones stay as they are).
 */
describe('two pages edit one reader (optimistic concurrency)', () => {
  const browser = useBrowser();

  /** A new reader of CD-MAD's first area, as the administrator adds it. */
  const addReader = async (serial: string, mac: string) => {
    const api = await apiAs('admin@demo.local');
    const cdMad = await findLocation(api, 'CD-MAD');
    const areas = await api<{ results: Array<{ id: number }> }>('GET', `/locations/${cdMad.id}/areas/?limit=1`);
    const created = await api<{ id: number; version: number }>('POST', '/readers/', {
      serial_number: serial,
      mac_address: mac,
      locationArea1_id: areas.json.results[0]?.id,
    });
    expect(created.status).toBe(201);
    return { api, id: created.json.id };
  };

  /** An edit page of the reader, signed in as `email`, in `language`, once its record is in the form. */
  const openEdit = async (email: string, language: 'es' | 'en', id: number, serial: string, viewport = DESKTOP) => {
    const { page, context } = await newPage(browser(), { language, viewport });
    await signIn(page, email);
    await page.goto(`/administrador/devices/${id}/edit`);
    await expect.poll(() => page.getByTestId('field-serial_number').inputValue()).toBe(serial);
    return { page, context };
  };

  const typeSerial = async (page: Page, serial: string) => {
    await page.getByTestId('field-serial_number').fill(serial);
    await page.getByTestId('submit').click();
  };

  const journey = async ({
    language,
    serial,
    mac,
    texts,
    secondViewport = DESKTOP,
  }: {
    language: 'es' | 'en';
    serial: string;
    mac: string;
    texts: { updated: string; stale: string; reload: string };
    /** The second administrator's screen (a phone, 390 px, in one of the journeys). */
    secondViewport?: { width: number; height: number };
  }) => {
    const { api, id } = await addReader(serial, mac);
    const first = await openEdit('admin@demo.local', language, id, serial);
    const second = await openEdit('brand@demo.local', language, id, serial, secondViewport);

    await typeSerial(first.page, `${serial}-A`);
    await expect.poll(() => first.page.getByTestId('form-alert-success').textContent()).toContain(texts.updated);

    await typeSerial(second.page, `${serial}-B`);
    await expect.poll(() => second.page.getByTestId('stale-edit').textContent()).toContain(texts.stale);
    await screenshot(second.page, `admin-reader-stale-${language}`);
    if (secondViewport.width <= MOBILE.width) await fitsPhone(second.page);
    // What the second one typed stays on its page; the reader keeps the first one's change.
    expect(await second.page.getByTestId('field-serial_number').inputValue()).toBe(`${serial}-B`);
    expect(await second.page.getByTestId('form-alert-success').count()).toBe(0);
    const stored = await api<{ serial_number: string; version: number }>('GET', `/readers/${id}/`);
    expect(stored.json).toMatchObject({ serial_number: `${serial}-A`, version: 2 });

    // Reload: the first one's change is shown, the alert goes; a save from there goes through.
    await second.page.getByRole('button', { name: texts.reload }).click();
    await expect.poll(() => second.page.getByTestId('field-serial_number').inputValue()).toBe(`${serial}-A`);
    expect(await second.page.getByTestId('stale-edit').count()).toBe(0);
    await typeSerial(second.page, `${serial}-B`);
    await expect.poll(() => second.page.getByTestId('form-alert-success').textContent()).toContain(texts.updated);
    const after = await api<{ serial_number: string; version: number }>('GET', `/readers/${id}/`);
    expect(after.json).toMatchObject({ serial_number: `${serial}-B`, version: 3 });

    await first.context.close();
    await second.context.close();
  };

  it('es: the second save is told "Otro usuario ha cambiado este lector…" and saves nothing; Recargar shows the change', async () => {
    await journey({
      language: 'es',
      serial: 'OCC-ES',
      mac: '84:24:8D:0C:C0:01',
      texts: {
        updated: 'Dispositivo actualizado',
        stale: 'Otro usuario ha cambiado este lector mientras usted lo editaba; recargue para ver sus cambios.',
        reload: 'Recargar',
      },
    });
  });

  it('en: the second save is told "Another user changed this reader…" and saves nothing; Reload shows the change', async () => {
    await journey({
      language: 'en',
      serial: 'OCC-EN',
      mac: '84:24:8D:0C:C0:02',
      secondViewport: MOBILE,
      texts: {
        updated: 'Device updated',
        stale: 'Another user changed this reader while you were editing; reload to see their changes.',
        reload: 'Reload',
      },
    });
  });
});
