import type { ReadingSetBody } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { demoGtins } from './demo.js';
import { createTagFactory, seededRandom } from './epcs.js';
import { handheld } from './scenarios.js';
import { epcsOf, recording } from './test/recording.js';

describe('handheld scenario', () => {
  const tags = () => createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase: 250_000_000_000 });

  it('reads the area’s stock (missing a few) and then new tags up to --count, in sets of --batch', async () => {
    const stock = createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase: 1 }).tags(200, seededRandom(3));
    const { sets, transport } = recording();
    const report = await handheld(
      { device: 'HH-MAD-01', transport, tags: tags(), random: seededRandom(9), log: () => {} },
      { count: 2_500, batch: 1_000, stock },
    );
    expect(sets).toHaveLength(3);
    expect(sets.map((s) => epcsOf(s).length)).toEqual([1_000, 1_000, 500]);
    const read = new Set(sets.flatMap(epcsOf));
    expect(read.size).toBe(2_500);
    const found = stock.filter((epc) => read.has(epc)).length;
    expect(found).toBeGreaterThan(180); // about 3 % missed
    expect(found).toBeLessThan(200);
    expect(report.epcs).toHaveLength(2_500);
    // The stock comes first, so the first set holds it.
    expect(epcsOf(sets[0] as ReadingSetBody).filter((epc) => stock.includes(epc))).toHaveLength(found);
  });

  it('without stock it reads new tags only; a stock larger than --count is cut to it', async () => {
    const plain = recording();
    await handheld(
      { device: 'HH-MAD-01', transport: plain.transport, tags: tags(), random: seededRandom(1), log: () => {} },
      { count: 30 },
    );
    expect(new Set(plain.sets.flatMap(epcsOf)).size).toBe(30);
    const stock = createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase: 1 }).tags(100, seededRandom(2));
    const cut = recording();
    await handheld(
      { device: 'HH-MAD-01', transport: cut.transport, tags: tags(), random: seededRandom(1), log: () => {} },
      { count: 50, stock, missRate: 0 },
    );
    expect(cut.sets.flatMap(epcsOf).sort()).toEqual(stock.slice(0, 50).sort());
  });
});
