import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { printingCaller, sgtin96Hex } from '../../test/printing-fixtures.js';

/**
 * EPC reservation (docs/design.md §6): a print order reserves an SGTIN-96 per label from a per-GTIN serial counter,
 * never reused, even by orders created at the same moment (on PostgreSQL the counter row is locked by the first
 * transaction; run with TEST_DATABASE_URL for that), and never equal to a tag a reader has already seen.
 */
describe('EPC reservation: serials never reused, across concurrent orders and against tags already read', () => {
  let t: TestApp;
  let call: ReturnType<typeof printingCaller>;
  let formatId: number;
  let gtins: string[];

  const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
  const counter = async (gtin: string) =>
    Number(
      rowsOf<{ next_serial: string | number }>(
        await t.database.db.execute(sql`select next_serial from epc_serial_counters where gtin = ${gtin}`),
      )[0]?.next_serial ?? 1,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    call = printingCaller(t);
    formatId = (await call('GET', '/api/printer/tag_company_format/', 'admin@demo.local')).json().results[0].id;
    gtins = (await call('GET', '/api/types/?limit=3&offset=40&order_by=gtin', 'admin@demo.local'))
      .json()
      .results.map((r: { gtin: string }) => r.gtin);
  });
  afterAll(async () => t.close());

  it('twelve orders created at once over the same GTINs share no serial and no EPC', async () => {
    const [a, b, c] = gtins as [string, string, string];
    // Rows in different orders (a b c, c b a …): on PostgreSQL no two transactions wait on each other in a cycle.
    const plans = Array.from({ length: 12 }, (_, i) => {
      const rows = [
        { gtin: a, quantity: 5 + i },
        { gtin: i % 2 ? b : c, quantity: 3 },
        { gtin: b, quantity: 1 + (i % 4) },
      ];
      return i % 3 === 0 ? rows.reverse() : rows;
    });
    const answers = await Promise.all(
      plans.map((items, i) =>
        call('POST', '/api/printer/print_orders/', i % 2 ? 'printer@demo.local' : 'admin@demo.local', {
          tag_company_format: formatId,
          items,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const ids = answers.map((r) => r.json().id as number);
    const tags = rowsOf<{ gtin: string; serial: string | number; epc: string; print_order_id: number }>(
      await t.database.db.execute(
        sql`select gtin, serial, epc, print_order_id from print_tags where print_order_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    const expected = plans.flat().reduce((sum, row) => sum + row.quantity, 0);
    expect(tags).toHaveLength(expected);
    expect(new Set(tags.map((tag) => tag.epc)).size).toBe(expected);
    expect(new Set(tags.map((tag) => `${tag.gtin}/${tag.serial}`)).size).toBe(expected);
    for (const tag of tags) expect(tag.epc).toBe(sgtin96Hex(tag.gtin, Number(tag.serial)));
    // Each GTIN's serials are exactly 1..n: none skipped, none twice; the counter is the next one.
    for (const gtin of [a, b, c]) {
      const serials = tags
        .filter((tag) => tag.gtin === gtin)
        .map((tag) => Number(tag.serial))
        .sort((x, y) => x - y);
      expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => i + 1));
      expect(await counter(gtin)).toBe(serials.length + 1);
    }
  });

  it('a later order goes on from the counter, and a serial whose tag a reader has seen is skipped', async () => {
    const [a] = gtins as [string];
    const next = await counter(a);
    // A reader already saw the tag the next two serials would write (say, a tag printed elsewhere).
    const [company] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from companies order by id limit 1`));
    await t.database.db.insert(items).values(
      [next, next + 1].map((serial) => ({
        companyId: company?.id as number,
        epc: sgtin96Hex(a, serial),
        scheme: 'sgtin-96',
        gtin: a,
        serial: String(serial),
        state: 1,
      })),
    );
    const r = await call('POST', '/api/printer/print_orders/', 'admin@demo.local', {
      tag_company_format: formatId,
      items: [{ gtin: a, quantity: 3 }],
    });
    expect(r.statusCode).toBe(201);
    const labels = (await call('GET', `/api/printer/print_orders/${r.json().id}/items/`, 'admin@demo.local')).json().results as {
      item: { serial_number: string };
    }[];
    expect(labels.map((l) => Number(l.item.serial_number))).toEqual([next + 2, next + 3, next + 4]);
    expect(await counter(a)).toBe(next + 5);
  });
});
