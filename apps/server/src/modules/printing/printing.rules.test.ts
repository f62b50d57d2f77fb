import {
  normalizePrintGtin,
  PRINT_RANGE_MAX,
  parsePrintCsv,
  printDialogRangeErrors,
  sumPrintItems,
  wizardRangeErrors,
} from '@rfid/contract';
import { decodeEpc } from '@rfid/epc';
import { describe, expect, it } from 'vitest';
import { parseLabel, splitLabels } from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import { sgtin96Hex } from '../../test/printing-fixtures.js';
import { parseHostStatus, statusFaults } from '../../workers/print-transport.js';
import { DEMO_HANG_TAG_ZPL, DEMO_STICKER_ZPL, labelPrice, labelSize, renderLabel, zplText } from './zpl.js';

const GTIN = '08437012000018';
const EPC = sgtin96Hex(GTIN, 42);
const data = {
  epc: EPC,
  gtin: GTIN,
  serial: '42',
  description: 'Camiseta básica ^algodón~',
  price: '19,95',
  size: 'M',
  colour: 'Azul',
  model: 'TS-01',
  digital_link: '',
};

describe('print range rules (spec section 5)', () => {
  it('print dialog: from at least from_label (error_min), to at most total (error_max), both required', () => {
    expect(printDialogRangeErrors({ from: 5, to: 10, fromLabel: 5, total: 10 })).toEqual({});
    expect(printDialogRangeErrors({ from: 4, to: 10, fromLabel: 5, total: 10 })).toEqual({ from: 'error_min' });
    expect(printDialogRangeErrors({ from: 5, to: 11, fromLabel: 5, total: 10 })).toEqual({ to: 'error_max' });
    expect(printDialogRangeErrors({ from: '', to: null, fromLabel: 1, total: 10 })).toEqual({
      from: 'error_required',
      to: 'error_required',
    });
    expect(printDialogRangeErrors({ from: 7, to: 6, fromLabel: 1, total: 10 })).toEqual({ to: 'error_min' });
    expect(printDialogRangeErrors({ from: 11, to: 10, fromLabel: 1, total: 10 })).toEqual({ from: 'error_max', to: 'error_min' });
    expect(printDialogRangeErrors({ from: '2.5', to: '3', fromLabel: 1, total: 10 })).toEqual({ from: 'error_min' });
    expect(printDialogRangeErrors({ from: '3', to: ' 4 ', fromLabel: 1, total: 10 })).toEqual({});
  });

  it('wizards: from and to required, above 0, at most 500, defaults 1 and 500 pass', () => {
    expect(wizardRangeErrors({ from: 1, to: PRINT_RANGE_MAX })).toEqual({});
    expect(wizardRangeErrors({ from: '', to: undefined })).toEqual({ from: 'error_required', to: 'error_required' });
    expect(wizardRangeErrors({ from: 0, to: 501 })).toEqual({ from: 'error_min', to: 'error_max' });
    expect(wizardRangeErrors({ from: -3, to: 2 })).toEqual({ from: 'error_min' });
    expect(wizardRangeErrors({ from: 20, to: 10 })).toEqual({ to: 'error_min' });
  });
});

describe('print order rows', () => {
  it('GTINs of 8, 12, 13 or 14 digits become GTIN-14; anything else is not a GTIN', () => {
    expect(normalizePrintGtin('8437012000018')).toBe(GTIN);
    expect(normalizePrintGtin(' 96385074 ')).toBe('00000096385074');
    expect(normalizePrintGtin('12345')).toBeNull();
    expect(normalizePrintGtin('0843701200001X')).toBeNull();
  });

  it('sums the quantities of the same GTIN as numbers, keeping the first order', () => {
    expect(
      sumPrintItems([
        { gtin: 'B', quantity: 2 },
        { gtin: 'A', quantity: 3 },
        { gtin: 'B', quantity: '4' as unknown as number },
      ]),
    ).toEqual([
      { gtin: 'B', quantity: 6 },
      { gtin: 'A', quantity: 3 },
    ]);
  });

  it('reads a CSV with or without a header, any of , ; or tab, and names each bad line', () => {
    expect(parsePrintCsv(`\uFEFFcantidad;gtin\r\n3;${GTIN}\r\n\r\n1;8437012000018\r\n`)).toEqual({
      rows: [
        { line: 2, gtin: GTIN, quantity: 3 },
        { line: 4, gtin: GTIN, quantity: 1 },
      ],
      problems: [],
    });
    expect(parsePrintCsv(`${GTIN},2\n${GTIN}\t5`).rows.map((r) => r.quantity)).toEqual([2, 5]);
    expect(parsePrintCsv(`${GTIN};0\nABC;1\n${GTIN};1.5`).problems.map((p) => p.line)).toEqual([1, 2, 3]);
    // A first line of data is not taken for a header.
    expect(parsePrintCsv('ABC;1').problems[0]?.message).toBe("Line 1: 'ABC' is not a GTIN.");
  });
});

describe('ZPL labels', () => {
  it('fills every placeholder of the demo hang tag, writes the EPC with ^RFW and keeps ^ and ~ out of the text', () => {
    const zpl = renderLabel(DEMO_HANG_TAG_ZPL, data);
    expect(zpl).not.toContain('{{');
    expect(zpl).toContain(`^RFW,H,,,A^FD${EPC}^FS`);
    expect(zpl).toContain(`^FD(01)${GTIN}(21)42^FS`);
    expect(zpl).toContain('^FDCamiseta básica  algodón ^FS');
    expect(zpl).toContain('^FD19,95 €^FS');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    // The printer simulator reads the label back: one label, its EPC and fields.
    const { labels } = splitLabels(`${zpl}\n${renderLabel(DEMO_STICKER_ZPL, data)}`);
    expect(labels).toHaveLength(2);
    const parsed = parseLabel(labels[0] as string);
    expect(parsed.epc).toBe(EPC);
    expect(decodeEpc(parsed.epc as string)).toMatchObject({ gtin: GTIN, serial: '42' });
    expect(parsed.fields).toEqual([
      'Camiseta básica  algodón ',
      'TS-01  Azul',
      'T. M',
      '19,95 €',
      `(01)${GTIN}(21)42`,
      `EPC ${EPC}`,
    ]);
  });

  it('refuses a template without the EPC write and an EPC that is not SGTIN-96; leaves unknown placeholders', () => {
    expect(() => renderLabel('^XA^FD{{gtin}}^FS^XZ', data)).toThrow(/does not write the EPC/);
    expect(() => renderLabel(DEMO_HANG_TAG_ZPL, { ...data, epc: 'ABC' })).toThrow(/Not an SGTIN-96/);
    expect(renderLabel('^XA^RFW,H^FD{{epc}}^FS^FD{{nope}}^FS^XZ', data)).toContain('^FD{{nope}}^FS');
    expect(zplText('a^b~c\u0001d')).toBe('a b c d');
  });

  it('shows prices with 2 decimals and a comma, and the size (-- reads Standard)', () => {
    expect(labelPrice('19.9')).toBe('19,90');
    expect(labelPrice(null)).toBe('');
    expect(labelSize('', [{ value: 'XL' }])).toBe('XL');
    expect(labelSize('--', [])).toBe('Standard');
    expect(labelSize('', null)).toBe('');
  });
});

describe("the printer's host status (~HS)", () => {
  const frames = (first: string, second: string) => [first, second, '1234,0'];

  it('reads paper out, pause, formats in the buffer, head up, ribbon out and labels remaining', () => {
    expect(parseHostStatus(frames('030,0,0,1218,002,0,0,0,000,0,0,0', '001,0,0,0,0,2,4,0,00000003,1,000'))).toEqual({
      paperOut: false,
      paused: false,
      formatsInBuffer: 2,
      headUp: false,
      ribbonOut: false,
      labelsRemaining: 3,
      overTemperature: false,
      underTemperature: false,
    });
    const faulty = parseHostStatus(frames('030,1,1,1218,000,0,0,0,000,0,0,1', '001,0,1,1,0,2,4,0,00000000,1,000'));
    expect(statusFaults(faulty)).toEqual(['paper_out', 'head_open', 'ribbon_out', 'over_temperature']);
    expect(statusFaults({ ...faulty, paperOut: false, headUp: false, overTemperature: false })).toEqual(['ribbon_out']);
    expect(() => parseHostStatus(['garbage'])).toThrow(/unknown status/);
  });
});
