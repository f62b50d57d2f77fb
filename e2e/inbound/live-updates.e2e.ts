import { loadavg } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTagFactory, seededRandom } from '../../tools/simulator/dist/epcs.js';
import { tunnel } from '../../tools/simulator/dist/scenarios.js';
import { httpTransport } from '../../tools/simulator/dist/transport.js';
import { baseUrl, openPage, type Place, poll, screenshot, useBrowser } from '../support/browser';
import { boxPlan, createPurchaseOrder, demoWorld, sgtin96 } from '../support/journey-api';
import { demoReader } from '../support/readers';

/**
 * Live updates (issue 17): the inbound dashboard of the Madrid warehouse is open in a browser page; the reader
 * simulator's tunnel (tools/simulator, its `tunnel` scenario run in this process, so its start-up is not counted) reads
 * the box of a new order, 4 antennas and several reads a tag, sent as the reader sends it (POST /readingsets/ with its
 * device key); the order's row changes its status without a reload, well before the page's own polling (every 20 s)
 * would: through the live events stream (GET /api/events/stream).
 */

const RUN = Date.now() % 1_000_000;
const ORDER_CODE = `E2E-LIVE-${RUN}`;
const BOX = `E2E-LIVE-BOX-${RUN}`;
/** The goal of the issue: the screen changes within 2 s of the read. */
const GOAL_MS = 2_000;
/** The inbound dashboard's own polling of its orders (apps/web/src/lib/query-client.ts, TABLE_REFRESH_MS). */
const POLL_MS = 20_000;
describe('live updates: the inbound dashboard changes as a reader reads', () => {
  const browser = useBrowser();
  let center: Place = { id: 0, description: '' };
  let gtin = '';

  beforeAll(async () => {
    const world = await demoWorld(1);
    center = world.center;
    gtin = world.gtins[0] as string;
    await createPurchaseOrder(world.api, {
      code: ORDER_CODE,
      destinationId: center.id,
      providerId: world.provider.id,
      boxes: [boxPlan(BOX, [gtin, 1])],
    });
  });

  it("the order row changes its status through the live stream, before the page's polling could, with no reload", async () => {
    const { page, context } = await openPage(browser(), { at: center });
    // When the page asked for its orders' list: its first request starts the clock of its polling.
    const listRequests: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/locations/${center.id}/v1/porders/`) listRequests.push(Date.now());
    });
    const stream = page.waitForResponse((response) => response.url().includes('/api/events/stream'));
    await page.goto('/inbound/');
    // The shell opened the stream (EventSource) and it answered as a stream.
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    const row = page.getByTestId('paged-row').filter({ hasText: ORDER_CODE });
    const status = row.locator('[data-testid^="status-"]');
    await poll(() => status.getAttribute('data-testid')).toBe('status-0');
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });

    const reader = demoReader('TUN-MAD-01');
    const transport = httpTransport({ server: baseUrl(), key: reader.key });
    const read = Date.now();
    const report = await tunnel(
      {
        device: reader.device,
        transport,
        tags: createTagFactory({ gtins: [gtin], companyPrefixLength: 7, serialBase: 900_000_000 }),
        random: seededRandom(RUN),
        epcs: [sgtin96(gtin, 900_000_000 + RUN)],
        log: () => {},
      },
      { codebar: BOX },
    );
    const stored = Date.now();
    expect(report.results.map((result) => result.status)).toEqual([201]);
    await poll(() => status.getAttribute('data-testid'), { interval: 20 }).not.toBe('status-0');
    const changed = Date.now();
    // The page polls every POLL_MS from its first list request (a timer only runs late, never early), whatever else
    // refetched the list meanwhile: the first poll after the read comes no sooner than this.
    const first = listRequests[0] ?? Number.NaN;
    const nextPoll = first + POLL_MS * Math.max(1, Math.ceil((read - first) / POLL_MS));
    console.log(
      `live update: the row changed ${changed - read} ms after the reader sent its set ` +
        `(stored in ${stored - read} ms; goal ${GOAL_MS} ms, at load ${loadavg()[0].toFixed(1)}; ` +
        `the page's next poll ${nextPoll - read} ms after the read at the earliest)`,
    );
    expect(reloads).toBe(0);
    // The live stream changed the row, not the polling: it changed before the page's next poll could have been sent.
    // (The 2 s goal is printed above and measured in docs/screens.md on a quiet machine; CI runs the journeys at load
    // 10–15 on 2 cores, where the browser's turn alone took 13 s, stored in under a second: a time bound here failed
    // for the load, never for the stream.)
    expect(first).toBeLessThan(read);
    expect(changed).toBeLessThan(nextPoll);
    await screenshot(page, 'inbound-live-update');
    await context.close();
  });
});
