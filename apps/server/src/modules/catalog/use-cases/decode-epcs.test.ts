import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeCatalogRepo } from './catalog-fixtures.js';
import { decodeEpcs } from './decode-epcs.js';

describe('decode EPCs (use case)', () => {
  it("answers each EPC's GTIN and serial, with the company's GTIN row when it has it, reading the GTINs once", async () => {
    // SGTIN-96 of GTIN 80614141123458 serial 6789 (GS1 EPC TDS example), and the same twice.
    const epc = '3074257BF7194E4000001A85';
    const { repo, called } = fakeCatalogRepo({
      byGtins: async () => [{ id: 21, gtin: '80614141123458', description: 'Example' }],
    });
    const rows = await decodeEpcs(repo, { user: testUser(), body: { epcs: [epc, epc.toLowerCase(), 'ZZ'] } });
    expect(called('byGtins')).toEqual([[1, ['80614141123458']]]);
    expect(rows.map((r) => [r.epc, r.scheme, r.gtin, r.serial, r.item_type, r.description])).toEqual([
      [epc, 'sgtin-96', '80614141123458', '6789', 21, 'Example'],
      [epc, 'sgtin-96', '80614141123458', '6789', 21, 'Example'],
      ['ZZ', 'unknown', null, null, null, null],
    ]);
  });

  it('answers null GTIN rows for GTINs the company does not have', async () => {
    const { repo } = fakeCatalogRepo();
    const [row] = await decodeEpcs(repo, { user: testUser(), body: { epcs: ['3074257BF7194E4000001A85'] } });
    expect(row).toMatchObject({ gtin: '80614141123458', item_type: null, description: null });
  });
});
