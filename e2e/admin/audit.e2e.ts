import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../routes/axe';
import { MOBILE, openPage, type Place, phoneShot, poll, rowOf, screenshot, useBrowser } from '../support/browser';
import { type Api, demoWorld } from '../support/journey-api';

/**
 * The audit log (issue 29): an area renamed through the API is found on the administrator's audit page by its entity
 * and id, its detail shows the description before → after (marked as changed), and the filtered rows download as CSV
 * and Excel. Spanish at 1280 px with the menu open; English at 390 px (cards, the detail fits the phone).
 */

const DESKTOP_1280 = { width: 1280, height: 900 };
type Area = { id: number; description: string; version: number };

describe('audit log: a change is found with its fields before and after, and exported', () => {
  const browser = useBrowser();
  let api: Api;
  let store: Place;
  let area: Area;
  const renamed = `Sala auditada ${Date.now() % 100_000}`;

  beforeAll(async () => {
    ({ api, store } = await demoWorld(1));
    const areas = await api<{ results: Area[] }>('GET', `/locations/${store.id}/areas/`);
    const first = areas.json.results[0];
    if (!first) throw new Error('the demo store has no area');
    area = first;
    const put = await api('PUT', `/areas/${area.id}/`, { description: renamed, location_id: store.id });
    expect(put.status).toBe(200);
    // Put back, so other journeys find the demo's names: a second row of the log, the other way round.
    const back = await api('PUT', `/areas/${area.id}/`, { description: area.description, location_id: store.id });
    expect(back.status).toBe(200);
  });

  it('es, 1280 px: filters by entity and id, opens the change, sees before → after, downloads CSV and Excel', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: DESKTOP_1280 });
    await page.goto('/administrador/audit');
    await page.getByTestId('audit-page').waitFor();
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await page.getByTestId('filter-entity').fill('areas');
    await page.getByTestId('filter-entity_id').fill(String(area.id));
    const table = page.getByTestId('audit-table');
    // Newest first: the rename back, then the rename.
    await poll(() => rowOf(table, `PUT /api/areas/${area.id}/`).count()).toBe(2);
    await screenshot(page, 'audit-es-1280');
    expect(await axeViolations(page)).toEqual([]);

    await rowOf(table, `PUT /api/areas/${area.id}/`).nth(1).getByTestId('audit-open').click();
    const dialog = page.getByTestId('audit-detail');
    const description = dialog.getByTestId('audit-change-description');
    await description.waitFor();
    expect(await description.getAttribute('data-changed')).toBe('true');
    expect(await description.textContent()).toContain(area.description);
    expect(await description.textContent()).toContain(renamed);
    expect(await dialog.textContent()).toContain('admin@demo.local');
    await screenshot(page, 'audit-es-1280-detail');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    for (const [button, extension] of [
      ['audit-export-csv', 'csv'],
      ['audit-export-xlsx', 'xlsx'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByTestId(button).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^auditoria-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
      if (extension === 'csv') {
        const path = await file.path();
        const text = (await import('node:fs')).readFileSync(path, 'utf8');
        expect(text).toContain('Entidad;Id de entidad;Acción');
        expect(text).toContain(renamed);
      }
      await page
        .getByRole('button', { name: /Cerrar|Close/ })
        .last()
        .click();
    }
    await context.close();
  });

  it('en, 390 px: the change as a card, its detail fits the phone', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: MOBILE, language: 'en' });
    await page.goto('/administrador/audit');
    await page.getByTestId('audit-page').waitFor();
    expect(await page.getByRole('heading', { name: 'Audit log' }).isVisible()).toBe(true);
    await page.getByTestId('filter-entity_id').fill(String(area.id));
    const list = page.getByTestId('audit-table-cards');
    await poll(() => rowOf(list, `PUT /api/areas/${area.id}/`).count()).toBe(2);
    await phoneShot(page, 'audit-en-390');
    expect(await axeViolations(page)).toEqual([]);
    await rowOf(list, `PUT /api/areas/${area.id}/`).first().getByTestId('audit-open').click();
    const change = page.getByTestId('audit-detail').getByTestId('audit-change-description');
    await change.waitFor();
    expect(await change.getAttribute('data-changed')).toBe('true');
    await phoneShot(page, 'audit-en-390-detail');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
