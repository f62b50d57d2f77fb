import { describe, expect, it } from 'vitest';
import { render } from '../../i18n/messages.js';
import { checkErpRows, parseErpCsv } from './erp.rules.js';

describe('ERP snapshot files', () => {
  it('reads a ";" file with quotes and a Spanish header, numbering rows as a spreadsheet', () => {
    const parsed = parseErpCsv(
      '\uFEFF"Tienda";"EAN";"Cantidad";"Otra"\r\n"T-MAD-01";"4006381333931";"3";"x"\r\n\r\n"T-BCN-01";"4006381333931";"-2";""\r\n',
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { row: 2, store: 'T-MAD-01', gtin: '4006381333931', quantity: '3' },
        { row: 4, store: 'T-BCN-01', gtin: '4006381333931', quantity: '-2' },
      ],
    });
  });

  it('reads a "," file without a header as store, GTIN, quantity', () => {
    expect(parseErpCsv('T-MAD-01,4006381333931,3\n')).toEqual({
      ok: true,
      rows: [{ row: 1, store: 'T-MAD-01', gtin: '4006381333931', quantity: '3' }],
    });
  });

  it('refuses a header without the three columns, and an empty file', () => {
    const header = parseErpCsv('a;b;c\nx;y;z\n');
    expect(header.ok || render(header.message, 'en')).toContain('a store, a GTIN and a quantity column');
    const empty = parseErpCsv('\n\n');
    expect(empty.ok || render(empty.message, 'en')).toBe('The snapshot has no rows.');
  });

  it('checks each row: store known, GTIN check digit, whole quantity; repeated store and GTIN add up', () => {
    const stores = new Map([['T-MAD-01', 2]]);
    const checked = checkErpRows(
      [
        { row: 2, store: ' T-MAD-01 ', gtin: '4006381333931', quantity: '3' },
        { row: 3, store: 'T-MAD-01', gtin: '04006381333931', quantity: ' 2 ' },
        { row: 4, store: 'T-MAD-01', gtin: '', quantity: '1' },
        { row: 5, store: 'T-MAD-01', gtin: '4006381333931', quantity: '' },
        { row: 6, store: 'T-MAD-01', gtin: '4006381333931', quantity: '99999999999' },
      ],
      (code) => stores.get(code),
    );
    expect(checked.lines).toEqual([{ locationId: 2, gtin: '04006381333931', quantity: 5 }]);
    expect(checked.accepted).toBe(2);
    expect(checked.rejected.map((r) => [r.row, render(r.reason, 'en')])).toEqual([
      [4, 'the GTIN is missing.'],
      [5, 'the quantity is missing.'],
      [6, "the quantity '99999999999' is not a whole number."],
    ]);
  });
});
