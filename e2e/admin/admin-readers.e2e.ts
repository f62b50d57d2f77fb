import { describe, expect, it } from 'vitest';
import { MOBILE, newPage, screenshot, signIn, useBrowser } from '../support/browser';
import { fakeReaders, installFakeAdminApi } from './fake-admin-api';

/** Readers list and NMS applications against an in-memory stand-in for the readers and /nms calls. */
describe('readers screens', () => {
  const browser = useBrowser();

  it('lists 11 per page, edits the working mode only for reader type All, shows the state column', async () => {
    const { page, context } = await newPage(browser());
    const readers = fakeReaders(14);
    const fake = await installFakeAdminApi(context, { readers });
    await signIn(page, 'admin@demo.local');
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(11);
    expect(await page.getByRole('columnheader', { name: 'Estado' }).isVisible()).toBe(true);
    // RD-0001 is Normal (0): its working mode is locked; RD-0002 is All (1).
    expect(await page.getByTestId('mode-RD-0001').getByRole('combobox').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('mode-RD-0002').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Venta', exact: true }).click();
    await expect.poll(() => fake.updates.length).toBe(1);
    expect(fake.updates[0]).toEqual({ id: 2, body: { id: 2, working_mode: 4 } });
    await expect.poll(() => page.getByTestId('notifier').textContent()).toContain('Dispositivo actualizado');
    await screenshot(page, 'admin-readers-desktop');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(3);
    // Rows disappear elsewhere: after the next refresh the page falls back to the last one there is.
    readers.splice(11);
    await page.getByTestId('type-RD-0012').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Normal', exact: true }).click();
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(11);
    await expect
      .poll(() => page.getByTestId('readers-table').locator('.MuiTablePagination-displayedRows').textContent())
      .toBe('1–11 de 11');
    await context.close();
  });

  it('hides the state column when no row has one', async () => {
    const { page, context } = await newPage(browser());
    await installFakeAdminApi(context, { readers: fakeReaders(3).map((reader) => ({ ...reader, state: null })) });
    await signIn(page, 'admin@demo.local');
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(3);
    expect(await page.getByRole('columnheader', { name: 'Estado' }).count()).toBe(0);
    await context.close();
  });

  it('at 390 px: a compact card list that loads more on scroll', async () => {
    const { page, context } = await newPage(browser(), { viewport: MOBILE });
    await installFakeAdminApi(context, { readers: fakeReaders(25) });
    await signIn(page, 'admin@demo.local');
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('paged-card').count()).toBe(11);
    // The list belongs to the picked location: wait until the default one is set, then scroll.
    await expect.poll(() => page.getByTestId('readers-page').locator('h1').textContent()).toContain('·');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return page.getByTestId('paged-card').count();
      })
      .toBeGreaterThan(11);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-readers-mobile');
    await context.close();
  });

  it('edit: applications with running switch and configuration; NMS down shows the support message', async () => {
    const { page, context } = await newPage(browser());
    const fake = await installFakeAdminApi(context, { readers: fakeReaders(2) });
    await signIn(page, 'admin@demo.local');
    await page.goto('/administrador/devices/1/edit');
    await expect.poll(() => page.getByTestId('reader-state').textContent()).toBe('En marcha');
    await page.getByTestId('app-switch-gpio-watch').locator('input').click();
    await expect.poll(() => fake.apps[1]?.desired_running).toBe(true);
    await expect.poll(() => page.getByTestId('app-pending-gpio-watch').textContent()).toBe('Arrancando…');
    await page.getByRole('button', { name: 'Configuración reader-agent' }).click();
    expect(await page.getByTestId('config-dialog').getByRole('textbox', { name: 'Clave' }).inputValue()).toBe('power');
    await screenshot(page, 'admin-reader-config');
    await page.keyboard.press('Escape');
    await page.getByTestId('update-firmware').click();
    await page.getByTestId('firmware-dialog').getByRole('textbox').fill('2.5.0');
    await page.getByTestId('firmware-dialog').getByRole('button', { name: 'Enviar' }).click();
    await expect
      .poll(() => page.getByTestId('form-alert-success').textContent())
      .toBe('Actualización de firmware enviada al lector');
    expect(fake.firmwareRequests).toEqual([{ version: '2.5.0' }]);
    await context.close();

    const down = await newPage(browser(), { language: 'en' });
    await installFakeAdminApi(down.context, { readers: fakeReaders(2), isNmsDown: true });
    await signIn(down.page, 'admin@demo.local');
    await down.page.goto('/administrador/devices/1/edit');
    await expect
      .poll(() => down.page.getByTestId('nms-unavailable').textContent())
      .toBe('Nms is not available, contact support.');
    await screenshot(down.page, 'admin-reader-nms-down-en');
    await down.context.close();
  });

  it('an LLRP reader: the connection fields, the link state on the page and in the list, at 390 px too', async () => {
    const llrpReaders = () =>
      fakeReaders(2).map((reader, index) =>
        index === 0
          ? {
              ...reader,
              connection_type: 'llrp',
              llrp_host: '192.168.1.50',
              llrp_port: 5084,
              llrp_antennas: [1, 2],
              llrp_power_dbm: 30,
              llrp_link: {
                state: 'RETRYING',
                last_error: 'The reader is connected to another client',
                connected_at: null,
                last_report_at: null,
              },
            }
          : {
              ...reader,
              connection_type: 'push',
              llrp_host: null,
              llrp_port: 5084,
              llrp_antennas: [],
              llrp_power_dbm: null,
              llrp_link: null,
            },
      );
    const { page, context } = await newPage(browser());
    const fake = await installFakeAdminApi(context, { readers: llrpReaders() });
    await signIn(page, 'admin@demo.local');
    await page.goto('/administrador/devices/1/edit');
    await expect.poll(() => page.getByTestId('field-llrp_host').inputValue()).toBe('192.168.1.50');
    expect(await page.getByTestId('field-connection_type').inputValue()).toBe('llrp');
    expect(await page.getByTestId('field-llrp_antennas').inputValue()).toBe('1, 2');
    expect(await page.getByTestId('field-llrp_power_dbm').inputValue()).toBe('30');
    expect(await page.getByTestId('llrp-link').textContent()).toContain('Conexión LLRP: Reintentando');
    expect(await page.getByTestId('llrp-last-error').textContent()).toContain('El lector está conectado a otro cliente');
    await page.getByTestId('field-llrp_antennas').fill('1, 2, 40');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByText('Las antenas son números distintos del 1 al 32.').count()).toBe(1);
    await page.getByTestId('field-llrp_antennas').fill('1 3');
    await page.getByTestId('submit').click();
    await expect.poll(() => fake.updates.length).toBe(1);
    expect(fake.updates[0]?.body).toMatchObject({ connection_type: 'llrp', llrp_host: '192.168.1.50', llrp_antennas: [1, 3] });
    await screenshot(page, 'admin-reader-llrp');
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('llrp-link-RD-0001').textContent()).toBe('LLRP · Reintentando');
    expect(await page.getByTestId('llrp-link-RD-0002').count()).toBe(0);
    await context.close();

    const mobile = await newPage(browser(), { viewport: MOBILE });
    await installFakeAdminApi(mobile.context, { readers: llrpReaders() });
    await signIn(mobile.page, 'admin@demo.local');
    await mobile.page.goto('/administrador/devices/1/edit');
    await expect.poll(() => mobile.page.getByTestId('llrp-link').isVisible()).toBe(true);
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(mobile.page, 'admin-reader-llrp-mobile');
    await mobile.context.close();
  });
});
