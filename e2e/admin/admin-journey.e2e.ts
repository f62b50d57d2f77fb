import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, countRequests, newPage, screenshot, signIn, useBrowser } from '../support/browser';

/** Picks an option of a MUI select (role combobox) by the visible texts. */
const choose = async (page: Page, combobox: ReturnType<Page['getByRole']>, option: string) => {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Submits the form and waits for it to say `message` (the error of a field it refuses). */
const submitRefused = async (page: Page, message: string) => {
  await page.getByTestId('submit').click();
  await expect.poll(() => page.getByText(message).count()).toBe(1);
};

/** Types into a searchable field (MUI Autocomplete) and picks the first option containing `text`. */
const search = async (page: Page, label: string, text: string) => {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
};

const alertText = (page: Page, kind: 'success' | 'error') => page.getByTestId(`form-alert-${kind}`).textContent();

/** Submits the form and waits for its success message, which contains `message`. */
const submitSaved = async (page: Page, message: string) => {
  await page.getByTestId('submit').click();
  await expect.poll(() => alertText(page, 'success')).toContain(message);
};

/**
 * Opens the new user's form and fills it for the editor e2e.editor@demo.local (`firstName` Editora): role Editor, its
 * locations searched by `stores`. The password is left to the caller.
 */
const addEditorForm = async (page: Page, firstName: string, stores: string[]) => {
  await page.goto('/administrador/visualizers/add');
  await page.getByTestId('field-first_name').fill(firstName);
  await page.getByTestId('field-last_name').fill('Editora');
  await page.getByTestId('field-email').fill('e2e.editor@demo.local');
  await choose(page, page.getByRole('combobox', { name: 'Rol' }), 'Editor');
  for (const store of stores) await search(page, 'Ubicaciones', store);
};

describe('admin journey (es, desktop)', () => {
  const browser = useBrowser();
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser()));
    await signIn(page, 'admin@demo.local');
  });

  it('adds a center, then edits it', async () => {
    await page.goto('/administrador/locations/add');
    await choose(page, page.getByRole('combobox', { name: 'Marca' }), 'Urbana');
    await page.getByTestId('field-description').fill('Centro E2E Sevilla');
    await page.getByTestId('field-code').fill('CD-E2E');
    await page.getByTestId('field-street_name').fill('Calle Feria');
    await page.getByTestId('field-street_num').fill('5');
    await page.getByTestId('field-city').fill('Sevilla');
    await page.getByTestId('field-postal_code').fill('41003');
    await submitSaved(page, 'Nuevo centro añadido');
    expect(await page.getByTestId('field-description').inputValue()).toBe(''); // the form resets after an add

    await page.goto('/administrador/locations/');
    await page.getByTestId('filter-code__icontains').fill('CD-E2E');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(1);
    await page.getByTestId('edit-location-CD-E2E').click();
    await expect.poll(() => page.getByTestId('field-description').inputValue()).toBe('Centro E2E Sevilla');
    expect(await page.getByTestId('field-street_num').inputValue()).toBe('5');
    await page.getByTestId('field-phone').fill('+34 955 000 000');
    // The GLN's GS1 check digit is checked in the form, in Spanish, before any call (…991 is wrong, …992 right).
    await page.getByTestId('field-gln').fill('8437012999991');
    const saves = countRequests(page, (request) => request.method() === 'PUT' && /\/api\/locations\/\d+\/$/.test(request.url()));
    await submitRefused(page, 'Introduzca un GLN válido: 13 dígitos, el último su dígito de control GS1.');
    expect(saves()).toBe(0);
    await page.getByTestId('field-gln').fill('8437012999992');
    await submitSaved(page, 'Centro actualizado');
    expect(saves()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('field-gln').inputValue()).toBe('8437012999992');
  });

  it('adds an area in the center (a failed add keeps the form), then edits it with read-only stock', async () => {
    await page.getByTestId('add-area').click();
    await page.waitForURL('**/administrador/areas/add?location=*');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Centro de distribución' }).inputValue())
      .toBe('Centro E2E Sevilla');
    await submitRefused(page, 'Introduzca el stock');
    expect(await page.getByText('La descripción no puede estar vacía').count()).toBe(1);

    await page.getByTestId('field-stock').fill('10');
    await page.getByTestId('field-description').fill('Muelle E2E');
    // The first add fails on the server: the error shows and the form keeps what was typed.
    await page.route('**/api/areas/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' })
        : route.continue(),
    );
    await page.getByTestId('submit').click();
    await expect.poll(() => alertText(page, 'error')).toContain('Boom');
    expect(await page.getByTestId('field-description').inputValue()).toBe('Muelle E2E');
    await page.unroute('**/api/areas/');
    await submitSaved(page, 'Nueva zona añadida');
    expect(await page.getByTestId('field-description').inputValue()).toBe('');

    await page.goBack();
    await expect.poll(() => page.getByTestId('location-areas').textContent()).toContain('Muelle E2E');
    await page
      .getByTestId('location-areas')
      .getByRole('link', { name: /Editar Muelle E2E/ })
      .click();
    await expect.poll(() => page.getByTestId('field-description').inputValue()).toBe('Muelle E2E');
    expect(await page.getByTestId('field-stock').inputValue()).toBe('10');
    expect(await page.getByTestId('field-stock').isDisabled()).toBe(true);
    await page.getByTestId('field-description').fill('Muelle E2E norte');
    // The area's SGLN extension: a space is refused in the form; a GS1 one is saved and shown on the location's areas.
    await page.getByTestId('field-gln_extension').fill('muelle 4');
    await submitRefused(page, 'Introduzca una extensión de GLN válida: de 1 a 20 letras, dígitos o símbolos GS1.');
    await page.getByTestId('field-gln_extension').fill('M4');
    await submitSaved(page, 'Zona actualizada');
    await page.goBack();
    await expect.poll(() => page.getByTestId('location-areas').getByText('M4', { exact: true }).count()).toBe(1);
    await screenshot(page, 'admin-area-edit');
  });

  it('adds a reader (device key shown once), changes its working mode from the list, edits it', async () => {
    await page.goto('/administrador/devices/add');
    await page.getByTestId('field-serial_number').fill('E2E-0001');
    await page.getByTestId('field-mac_address').fill('AA:BB');
    await submitRefused(page, 'Introduzca una dirección MAC válida (seis pares hexadecimales, p. ej. 84:24:8D:00:00:01).');
    expect(await page.getByText('Seleccione la zona').count()).toBe(1);
    await page.getByTestId('field-mac_address').fill('AA:BB:CC:00:E2:01');
    await search(page, 'Zona', 'Muelle E2E norte');
    await choose(page, page.getByRole('combobox', { name: 'Tipo de lector' }), 'Todos');
    await submitSaved(page, 'Nuevo dispositivo añadido');
    const key = await page.getByTestId('device-key-value').textContent();
    expect(key?.length ?? 0).toBeGreaterThan(15);
    // What to paste into the Zebra and Impinj consoles: the events URL, Basic with the serial and the key.
    const connection = (await page.getByTestId('reader-connection').textContent()) ?? '';
    expect(connection).toContain('/api/readers/stream/');
    expect(connection).toContain('E2E-0001');
    expect(connection).toContain(key ?? 'missing');
    expect(await page.getByTestId('field-serial_number').inputValue()).toBe('');
    // Readers push their reads by default; the LLRP fields appear only for LLRP.
    expect(await page.getByTestId('field-connection_type').inputValue()).toBe('push');
    expect(await page.getByTestId('field-llrp_host').count()).toBe(0);
    await screenshot(page, 'admin-reader-added');

    // The list shows the readers of the location picked in the header: pick the new center.
    await page.getByTestId('location-picker-button').click();
    await page.getByTestId('picker-tab-center').click();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('E2E');
    await page.getByRole('button', { name: 'Centro E2E Sevilla' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/administrador/devices');
    await expect.poll(() => page.getByTestId('readers-page').locator('h1').textContent()).toBe('Lectores · Centro E2E Sevilla');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(1);
    await page.getByTestId('filter-serial_number__icontains').fill('E2E-0001');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(1);
    const mode = page.getByTestId('mode-E2E-0001').getByRole('combobox');
    await choose(page, mode, 'Venta');
    await expect.poll(() => page.getByTestId('notifier').textContent()).toContain('Dispositivo actualizado');
    await page.reload();
    await page.getByTestId('filter-serial_number__icontains').fill('E2E-0001');
    await expect.poll(() => page.getByTestId('mode-E2E-0001').textContent()).toContain('Venta');
    await screenshot(page, 'admin-readers-list');

    await page.getByTestId('edit-reader-E2E-0001').click();
    await expect.poll(() => page.getByTestId('field-serial_number').inputValue()).toBe('E2E-0001');
    await page.getByTestId('field-serial_number').fill('E2E-0001-B');
    await submitSaved(page, 'Dispositivo actualizado');
    // A reader that was never heard from is OFF: its applications cannot be changed.
    await expect.poll(() => page.getByTestId('reader-state').textContent()).toBe('Parado');
    expect(await page.getByTestId('install-app').isDisabled()).toBe(true);
    await screenshot(page, 'admin-reader-edit');

    // The key shown once works: a reading set sent with it makes the reader ON.
    const now = new Date().toISOString();
    const answer = await fetch(`${baseUrl()}/api/readingsets/`, {
      method: 'POST',
      headers: { Authorization: `Device ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), device: 'E2E-0001-B', start_time: now, end_time: now, epcs: [] }),
    });
    expect(answer.status).toBe(201);
    await page.reload();
    await expect.poll(() => page.getByTestId('reader-state').textContent()).toBe('En marcha');
    // No broker in this run: installing answers 503 and the screen says so.
    await page.getByTestId('install-app').click();
    await page.getByTestId('install-dialog').getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('install-dialog').getByRole('button', { name: 'Instalar aplicación' }).click();
    await expect
      .poll(() => page.getByTestId('install-dialog').getByTestId('form-alert-error').textContent())
      .toContain('El servicio NMS no está disponible, contacte con soporte.');
    await screenshot(page, 'admin-reader-install-nms-down');
  });

  it('adds a printer, edits it, deletes it', async () => {
    await page.goto('/bionix-printer/add');
    await page.getByTestId('field-description').fill('Zebra E2E');
    await page.getByTestId('field-mac').fill('AA:BB:CC:00:E2:99');
    await search(page, 'Zona', 'Muelle E2E norte');
    await page.getByTestId('field-ip_address').fill('10.0.0.300');
    await page.getByTestId('field-port').fill('9100');
    await submitRefused(page, 'Introduzca una dirección IP válida.');
    await page.getByTestId('field-ip_address').fill('10.0.0.30');
    await submitSaved(page, 'Nueva impresora añadida');

    await page.goto('/bionix-printer/all');
    const row = page.getByTestId('paged-row').filter({ hasText: 'Zebra E2E' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: /Editar/ }).click();
    await expect.poll(() => page.getByTestId('field-ip_address').inputValue()).toBe('10.0.0.30');
    // Print head resolution: 203 dpi unless set (templates are scaled to it).
    await expect.poll(() => page.getByTestId('printer-dpi').inputValue()).toBe('203');
    await page.getByTestId('field-ip_address').fill('10.0.0.31');
    await submitSaved(page, 'Impresora actualizada');

    await page.goto('/bionix-printer/all');
    await expect.poll(() => row.textContent()).toContain('10.0.0.31');
    await row.getByRole('button', { name: /Borrar/ }).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('turns on the GS1 Digital Link QR code of a tag format, kept after a reload, then off again', async () => {
    await page.goto('/bionix-printer/all');
    const section = page.getByTestId('tag-formats-section');
    await expect.poll(() => section.getByRole('heading', { name: 'Formatos de etiqueta' }).count()).toBe(1);
    const qr = section.getByRole('switch', { name: 'Código QR GS1 Digital Link: Etiqueta colgante 2×3 pulgadas' });
    await expect.poll(() => qr.count()).toBe(1);
    expect(await qr.isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && /\/api\/tagformat\/\d+\/$/.test(response.url()),
    );
    await qr.click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ description: 'Etiqueta colgante 2×3 pulgadas', digital_link_qr: true });
    await expect
      .poll(() => page.getByText('Etiqueta colgante 2×3 pulgadas: las etiquetas llevarán el código QR GS1 Digital Link').count())
      .toBe(1);
    await expect.poll(() => qr.isChecked()).toBe(true);
    await screenshot(page, 'admin-tag-format-digital-link-qr');
    await page.reload();
    await expect.poll(() => qr.count()).toBe(1);
    await expect.poll(() => qr.isChecked()).toBe(true);
    // Off again: the other journeys print the demo formats as they were.
    await qr.click();
    await expect.poll(() => qr.isChecked()).toBe(false);
    await page.reload();
    await expect.poll(() => qr.count()).toBe(1);
    expect(await qr.isChecked()).toBe(false);
  });

  it('adds an editor limited to two stores, who then sees only those two', async () => {
    await addEditorForm(page, 'Elena', ['Tienda Valencia', 'Tienda Sevilla']);
    await page.getByTestId('field-password').fill('short');
    await submitRefused(page, 'La contraseña debe tener entre 8 y 128 caracteres (cualquier carácter, espacios incluidos).');
    await page.getByTestId('field-password').fill('Editora2026');
    await screenshot(page, 'admin-user-add');
    await submitSaved(page, 'Nuevo usuario añadido');

    await page.goto('/administrador/visualizers/locations');
    await page.getByTestId('filter-search').fill('e2e.editor');
    await expect.poll(() => page.getByTestId('paged-row').count()).toBe(1);
    expect(await page.getByTestId('paged-row').textContent()).toContain('Editor');
    await page.getByTestId('edit-user-e2e.editor@demo.local').click();
    await expect.poll(() => page.getByTestId('field-last_name').inputValue()).toBe('Editora');
    const chips = page.getByTestId('user-form').locator('.MuiChip-root');
    // The chips come with the user's locations, which may arrive after the name.
    await expect
      .poll(async () => (await chips.allTextContents()).sort())
      .toEqual(['Tienda Sevilla Sierpes', 'Tienda Valencia Colón']);
    await page.getByTestId('field-last_name').fill('Editora Sur');
    // An empty password keeps the current one.
    await submitSaved(page, 'Usuario actualizado');

    // The same email again: the server refuses it, in Spanish (Accept-Language of the UI; issue 16).
    await addEditorForm(page, 'Otra', ['Tienda Valencia']);
    await page.getByTestId('field-password').fill('Editora2026');
    await page.getByTestId('submit').click();
    await expect.poll(() => alertText(page, 'error')).toContain('Ya existe un usuario con este correo electrónico.');
    await screenshot(page, 'admin-user-duplicate-email-es');

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-sign-off').click();
    await page.waitForURL('**/login');
    await signIn(page, 'e2e.editor@demo.local', 'Editora2026');
    await page.getByTestId('location-picker-button').click();
    await page.getByTestId('picker-tab-store').click();
    await expect.poll(() => page.getByTestId('picker-list').locator('[role="button"]').count()).toBe(2);
    const names = await page.getByTestId('picker-list').textContent();
    expect(names).toContain('Tienda Valencia Colón');
    expect(names).toContain('Tienda Sevilla Sierpes');
    await screenshot(page, 'admin-editor-picker');
  });
});
