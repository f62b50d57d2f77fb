import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../../i18n/messages.js';
import {
  delimiterOf,
  type InventoryFileError,
  isAlarm,
  laterOf,
  parseInventoryFile,
  rowMessage,
  stockOf,
} from './stock.rules.js';

// Demo GTINs (GS1 check digits right): 0843701200001x…
const G1 = '08437012000018';
const G2 = '08437012000025';
const G13 = '8437012000018'; // G1 as a GTIN-13

describe('stock and alarm rules', () => {
  it('the stock of a GTIN in an area is its STOCKED items plus its counted quantity', () => {
    expect(stockOf({ rfid: 3, counted: 0 })).toBe(3);
    expect(stockOf({ rfid: 0, counted: 12 })).toBe(12);
    expect(stockOf({ rfid: 5, counted: 7 })).toBe(12);
  });

  it('an alarm is a current stock strictly below the minimum; no minimum, no alarm', () => {
    expect(isAlarm({ current: 4, minimum: 5 })).toBe(true);
    expect(isAlarm({ current: 5, minimum: 5 })).toBe(false);
    expect(isAlarm({ current: 6, minimum: 5 })).toBe(false);
    expect(isAlarm({ current: 0, minimum: 0 })).toBe(false);
    expect(isAlarm({ current: 0, minimum: null })).toBe(false);
    expect(isAlarm({ current: 0, minimum: undefined })).toBe(false);
  });

  it('property: raising the minimum above the stock always raises an alarm, lowering it to the stock never does', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.integer({ min: 1, max: 1000 }), (rfid, counted, extra) => {
        const current = stockOf({ rfid, counted });
        expect(isAlarm({ current, minimum: current + extra })).toBe(true);
        expect(isAlarm({ current, minimum: current })).toBe(false);
      }),
    );
  });

  it("an alarm's date is the later of the minimum stock's update and the counted stock's upload", () => {
    const a = new Date('2026-01-01T10:00:00Z');
    const b = new Date('2026-01-02T10:00:00Z');
    expect(laterOf(a, b)).toBe(b);
    expect(laterOf(b, a)).toBe(b);
    expect(laterOf(a, null)).toBe(a);
  });
});

describe('inventory file', () => {
  /** A file that parses: its text, how many rows it has, and its lines as [GTIN, quantity, row]. */
  type ParsedFile = { name: string; file: string; rows: number; lines: [string, number, number][] };
  it.each<ParsedFile>([
    {
      name: 'reads gtin and quantity columns by name, in any order, ignoring other columns',
      file: `description,quantity,gtin\nShirt,3,${G1}\nTrousers,0,${G2}\n`,
      rows: 2,
      lines: [
        [G1, 3, 2],
        [G2, 0, 3],
      ],
    },
    {
      name: 'without a header, the first two columns are GTIN and quantity',
      file: `${G1},2\n${G2},5`,
      rows: 2,
      lines: [
        [G1, 2, 1],
        [G2, 5, 2],
      ],
    },
    {
      name: 'a GTIN on several rows adds up (first row kept); blank lines are skipped but still numbered',
      file: `gtin,quantity\n${G1},2\n\n${G2},1\n${G13},3\n,,\n`,
      rows: 3,
      lines: [
        [G1, 5, 2],
        [G2, 1, 4],
      ],
    },
  ])('$name', ({ file, rows, lines }) => {
    const expected = lines.map(([gtin, quantity, row]) => ({ gtin, quantity, row }));
    expect(parseInventoryFile(file)).toEqual({ ok: true, rows, lines: expected });
  });

  it('detects semicolons and tabs, a BOM, Spanish headers and CRLF; GTIN-13 becomes GTIN-14', () => {
    expect(delimiterOf(`gtin;cantidad\r\n${G1};1`)).toBe(';');
    expect(delimiterOf(`gtin\tqty`)).toBe('\t');
    expect(delimiterOf(`${G1}`)).toBe(',');
    const parsed = parseInventoryFile(`\uFEFFEAN;Cantidad\r\n${G13};4\r\n`);
    expect(parsed).toEqual({ ok: true, rows: 1, lines: [{ gtin: G1, quantity: 4, row: 2 }] });
    // A decimal comma in a semicolon file is a bad quantity, not two cells.
    expect(parseInventoryFile(`gtin;quantity\n${G1};1,5\n`)).toMatchObject({ ok: false, errors: [{ row: 2 }] });
  });

  it('refuses bad rows naming them as a spreadsheet numbers them', () => {
    const parsed = parseInventoryFile(`gtin,quantity\n${G1},2\n08437012000017,1\n${G2},-1\n${G2},\n,3\n${G1},2.5\n`);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(render(rowMessage(parsed.errors[0] as InventoryFileError), 'en')).toBe("Row 3: '08437012000017' is not a valid GTIN.");
    expect(render(rowMessage(parsed.errors[1] as InventoryFileError), 'en')).toBe(
      "Row 4: the quantity '-1' is not a whole number of 0 or more.",
    );
    expect(parsed.errors[2]?.message).toBe('stock.file_quantity_missing');
    expect(parsed.errors[3]?.message).toBe('stock.file_gtin_missing');
  });

  it('refuses an empty file, a header alone and a header without the two columns', () => {
    expect(parseInventoryFile('')).toEqual({ ok: false, errors: [{ row: 1, message: 'stock.file_no_rows' }] });
    expect(parseInventoryFile('gtin,quantity\n')).toEqual({ ok: false, errors: [{ row: 2, message: 'stock.file_no_rows' }] });
    expect(parseInventoryFile(`name,units\n${G1},1`)).toEqual({
      ok: false,
      errors: [{ row: 1, message: 'stock.file_header' }],
    });
    expect(parseInventoryFile('gtin,quantity\n"unclosed,1\n')).toMatchObject({ ok: false });
  });

  it('lists at most ten bad rows', () => {
    const rows = Array.from({ length: 30 }, () => 'x,1').join('\n');
    const parsed = parseInventoryFile(`gtin,quantity\n${rows}`);
    expect(parsed.ok || parsed.errors.length).toBe(10);
  });

  it('property: any list of good rows is read back as the sum per GTIN', () => {
    const gtins = [G1, G2, '08437012000032', '08437012000049'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ g: fc.constantFrom(...gtins), q: fc.nat(1000) }), { minLength: 1, maxLength: 40 }),
        (rows) => {
          const text = `gtin;quantity\n${rows.map((r) => `${r.g};${r.q}`).join('\n')}`;
          const parsed = parseInventoryFile(text);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const expected = new Map<string, number>();
          for (const r of rows) expected.set(r.g, (expected.get(r.g) ?? 0) + r.q);
          expect(new Map(parsed.lines.map((l) => [l.gtin, l.quantity]))).toEqual(expected);
          expect(parsed.rows).toBe(rows.length);
        },
      ),
    );
  });
});
