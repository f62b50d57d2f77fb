import { describe, expect, it } from 'vitest';
import { escapeCell } from './csv.js';

describe('CSV cells', () => {
  it('escapes cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx']) expect(escapeCell(cell)).toBe(`'${cell}`);
  });
  it('leaves other cells alone', () => {
    for (const cell of ['PO-1', '08437012000011', '', 'a=b']) expect(escapeCell(cell)).toBe(cell);
  });
});
