import { isValidGln } from '@rfid/epc';
import { describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoGln, demoLocations, demoUsers, gs1CheckDigit } from './demo-data.js';

describe('demo data', () => {
  const items = buildDemoItemTypes();

  it('has 300 distinct GTIN-14 with valid check digits', () => {
    expect(items).toHaveLength(300);
    expect(new Set(items.map((i) => i.gtin)).size).toBe(300);
    for (const { gtin } of items) {
      expect(gtin).toMatch(/^\d{14}$/);
      expect(Number(gtin[13])).toBe(gs1CheckDigit(gtin.slice(0, 13)));
    }
  });

  it('gives every location a distinct valid GLN (issue 17)', () => {
    const glns = demoLocations.map((_, index) => demoGln(index));
    for (const gln of glns) expect(isValidGln(gln), gln).toBe(true);
    expect(new Set(glns).size).toBe(demoLocations.length);
  });

  it('computes known GS1 check digits', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('03600029145')).toBe(2);
  });

  it('is deterministic and has prices, sizes and Spanish descriptions', () => {
    expect(buildDemoItemTypes()).toEqual(items);
    expect(items.every((i) => Number(i.price) > 0 && i.sizes.length > 0 && i.description.length > 5)).toBe(true);
  });

  it('has 2 centers, 6 stores and one user per role', () => {
    expect(demoLocations.filter((l) => l.kind === 'center')).toHaveLength(2);
    expect(demoLocations.filter((l) => l.kind === 'store')).toHaveLength(6);
    expect(demoUsers.map((u) => u.role).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(demoUsers.find((u) => u.role === 5)?.locations).toHaveLength(1);
  });
});
