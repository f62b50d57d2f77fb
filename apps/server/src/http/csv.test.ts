import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText } from './csv.js';

describe('the one CSV writer', () => {
  it('escapes cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1']) {
      expect(csvText([[cell]])).toBe(`"'${cell}"\n`);
    }
  });

  it('leaves other text alone but quotes it', () => {
    for (const cell of ['PO-1', '08437012000011', 'a=b']) expect(csvText([[cell]])).toBe(`"${cell}"\n`);
    expect(csvText([['']])).toBe('""\n');
  });

  it('quotes every text cell and escapes a formula after a separator of any locale inside it (issue 13)', () => {
    // A Spanish Excel splits on `;`: unquoted, `=1+1` became a cell of its own and ran.
    const line = csvText([[5, 'PO;=1+1', 'a, +b', 'tab\t@x', 'x;"-2+3', 'line\n=A1', 'a;b=c', 'a; b']]);
    expect(line).toBe(`5,"PO;'=1+1","a, '+b","tab\t'@x","x;""'-2+3","line\n'=A1","a;b=c","a; b"\n`);
    for (const delimiter of [',', ';', '\t']) {
      const cells = (parse(line, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
      // Whatever a locale splits on, no cell it sees starts a formula.
      for (const cell of cells) expect(cell.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    }
  });

  it('writes numbers, dates and booleans as values (a negative number is not text)', () => {
    expect(csvText([[1, -2, new Date('2026-01-02T03:04:05.000Z'), true, null]])).toBe('1,-2,2026-01-02T03:04:05.000Z,true,\n');
    expect(csvText([[1, 'a']], { columns: ['id', 'name'] })).toBe('id,name\n1,"a"\n');
  });

  it('writes for a Spanish spreadsheet: a BOM, `;` between cells, a decimal comma, formulas still inert', () => {
    const text = csvText([[12.5, -3, 'a;=1+1', 'Almacén']], { columns: ['valor', 'unidades', 'nota', 'zona'], dialect: 'es' });
    expect(text).toBe(`\uFEFFvalor;unidades;nota;zona\n12,5;-3;"a;'=1+1";"Almacén"\n`);
  });
});
