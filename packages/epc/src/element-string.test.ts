import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGs1ElementString, gtinCheckDigit, gtinFromScan, parseGs1ElementString } from './index.js';
import { codeOf } from './test/error-code.js';

const GS = '\u001d';
const GTIN = '09521234543213';

describe('parseGs1ElementString', () => {
  it('parses the bracketed (human readable) form', () => {
    expect(parseGs1ElementString('(01)09521234543213(17)250101(10)ABC123(21)XYZ')).toEqual({
      gtin: GTIN,
      expiry: '250101',
      lot: 'ABC123',
      serial: 'XYZ',
      elements: [
        { ai: '01', value: GTIN },
        { ai: '17', value: '250101' },
        { ai: '10', value: 'ABC123' },
        { ai: '21', value: 'XYZ' },
      ],
    });
  });

  it('parses the raw form: fixed-length AIs need no separator, variable-length ones end at GS', () => {
    const parsed = parseGs1ElementString(`01${GTIN}17250101` + `10ABC123${GS}21XYZ`);
    expect(parsed).toMatchObject({ gtin: GTIN, expiry: '250101', lot: 'ABC123', serial: 'XYZ' });
    expect(parsed.elements.map((e) => e.ai)).toEqual(['01', '17', '10', '21']);
  });

  it('accepts a GS after a fixed-length AI and a leading FNC1 transmitted as GS', () => {
    expect(parseGs1ElementString(`${GS}01${GTIN}${GS}21XYZ`)).toMatchObject({ gtin: GTIN, serial: 'XYZ' });
  });

  it('strips GS1 symbology identifiers and scanner line ends', () => {
    for (const prefix of [']C1', ']d2', ']Q3', ']e0', ']J1']) {
      expect(parseGs1ElementString(`${prefix}01${GTIN}21ABC${GS}10L1\r\n`)).toMatchObject({
        gtin: GTIN,
        serial: 'ABC',
        lot: 'L1',
      });
    }
    expect(parseGs1ElementString(`]C1(01)${GTIN}(21)ABC`)).toMatchObject({ gtin: GTIN, serial: 'ABC' });
  });

  it('reads a variable-length AI at the end up to the end of the input', () => {
    expect(parseGs1ElementString(`01${GTIN}21ABC-123/x`).serial).toBe('ABC-123/x');
    expect(parseGs1ElementString(`01${GTIN}10${'L'.repeat(20)}`).lot).toBe('L'.repeat(20));
  });

  it('maps SSCC, dates and quantities, and keeps every other AI in elements', () => {
    const parsed = parseGs1ElementString(
      `00106141412345678908${GS}02${GTIN}37${'24'}${GS}112501311525123131030012508003006141411234524001`,
    );
    expect(parsed).toMatchObject({ sscc: '106141412345678908', quantity: '24', productionDate: '250131', bestBefore: '251231' });
    expect(parsed.elements).toContainEqual({ ai: '3103', value: '001250' });
    expect(parsed.elements).toContainEqual({ ai: '8003', value: '006141411234524001' });
    expect(parseGs1ElementString('(30)12').quantity).toBe('12');
  });

  it('accepts parentheses inside bracketed values when they do not name an AI', () => {
    expect(parseGs1ElementString(`(01)${GTIN}(10)A(B)C(21)S1`)).toMatchObject({ lot: 'A(B)C', serial: 'S1' });
  });

  it('accepts day 00 (end of month) and 29 February of a leap year', () => {
    expect(parseGs1ElementString(`(01)${GTIN}(17)250200`).expiry).toBe('250200');
    expect(parseGs1ElementString(`(01)${GTIN}(17)240229`).expiry).toBe('240229');
  });

  it('refuses a wrong check digit with BAD_CHECK_DIGIT', () => {
    expect(codeOf(() => parseGs1ElementString('(01)09521234543214'))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => parseGs1ElementString(`0109521234543214${GS}21XYZ`))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => parseGs1ElementString('(00)106141412345678909'))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => parseGs1ElementString('(414)0614141000417'))).toBe('BAD_CHECK_DIGIT');
  });

  it('refuses malformed input with BAD_ELEMENT_STRING', () => {
    for (const input of [
      '',
      '   ',
      `]C001${GTIN}`,
      ']X',
      `(01)${GTIN.slice(0, 13)}`,
      `(01)${GTIN}0`,
      `01${GTIN.slice(0, 10)}`,
      '(01)0952123454321A',
      `(01)${GTIN}(10)${'L'.repeat(21)}`,
      `01${GTIN}10${'L'.repeat(21)}`,
      `(01)${GTIN}(10)`,
      `(01)${GTIN}(21)A B`,
      `(01)${GTIN}(21)A#B`,
      `(01)${GTIN}(17)251301`,
      `(01)${GTIN}(17)250230`,
      `(01)${GTIN}(17)250229`,
      `(01)${GTIN}(17)25013`,
      `(01)${GTIN}(01)09521234543220`,
      '(04)123',
      '(0)1',
      `01${GTIN}04123`,
      'hello',
      `${GTIN}`,
      `(01)${GTIN}${GS}(21)X`,
      `01${GTIN}21${GS}10L`,
      42 as unknown as string,
    ]) {
      expect([input, codeOf(() => parseGs1ElementString(input))]).toEqual([input, 'BAD_ELEMENT_STRING']);
    }
  });

  it('accepts the same AI twice with the same value', () => {
    expect(parseGs1ElementString(`(01)${GTIN}(01)${GTIN}`).elements).toHaveLength(2);
  });

  it('parses the raw and the bracketed form of random element strings to the same result', () => {
    const ai82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
    // A bracketed value may not contain "(digits)" naming an AI: keep parentheses out of the generated values.
    const text = (max: number) =>
      fc.string({ unit: fc.constantFrom(...ai82.replace(/[()]/g, '')), minLength: 1, maxLength: max });
    const gtinArb = fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }).map((v) => {
      const body = v.toString().padStart(13, '0');
      return body + gtinCheckDigit(body);
    });
    const dateArb = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(2, 10).replaceAll('-', ''));
    fc.assert(
      fc.property(gtinArb, fc.option(text(20)), fc.option(text(20)), fc.option(dateArb), (gtin, serial, lot, expiry) => {
        const elements = [{ ai: '01', value: gtin }];
        if (expiry !== null) elements.push({ ai: '17', value: expiry });
        if (lot !== null) elements.push({ ai: '10', value: lot });
        if (serial !== null) elements.push({ ai: '21', value: serial });
        const bracketed = elements.map((e) => `(${e.ai})${e.value}`).join('');
        const raw = elements.map((e) => `${e.ai}${e.value}${e.ai === '10' || e.ai === '21' ? GS : ''}`).join('');
        const expected = {
          gtin,
          elements,
          ...(serial !== null && { serial }),
          ...(lot !== null && { lot }),
          ...(expiry !== null && { expiry }),
        };
        expect(parseGs1ElementString(bracketed)).toEqual(expected);
        expect(parseGs1ElementString(`]d2${raw}`)).toEqual(expected);
        expect(formatGs1ElementString(elements)).toBe(bracketed);
        expect(parseGs1ElementString(formatGs1ElementString(elements, { form: 'raw' }))).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('gtinFromScan', () => {
  it('reads plain GTINs and GS1 element strings', () => {
    expect(gtinFromScan('4006381333931')).toBe('04006381333931');
    expect(gtinFromScan(']E04006381333931')).toBe('04006381333931');
    expect(gtinFromScan(']E496385074')).toBe('00000096385074');
    expect(gtinFromScan('036000291452\r\n')).toBe('00036000291452');
    expect(gtinFromScan(GTIN)).toBe(GTIN);
    expect(gtinFromScan(`]C101${GTIN}21ABC${GS}10L`)).toBe(GTIN);
    expect(gtinFromScan(`(01)${GTIN}(17)261231`)).toBe(GTIN);
  });

  it('refuses bad check digits and scans without a GTIN', () => {
    expect(codeOf(() => gtinFromScan('4006381333932'))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => gtinFromScan('0109521234543214'))).toBe('BAD_CHECK_DIGIT');
    expect(codeOf(() => gtinFromScan('(21)ABC'))).toBe('BAD_ELEMENT_STRING');
    expect(codeOf(() => gtinFromScan(']E0ABC'))).toBe('BAD_ELEMENT_STRING');
    expect(codeOf(() => gtinFromScan('12345'))).toBe('BAD_ELEMENT_STRING');
  });
});

describe('formatGs1ElementString', () => {
  it('writes the bracketed form and the raw form with GS only where needed', () => {
    const elements = [
      { ai: '01', value: GTIN },
      { ai: '10', value: 'LOT1' },
      { ai: '17', value: '261231' },
      { ai: '21', value: 'S1' },
    ];
    expect(formatGs1ElementString(elements)).toBe(`(01)${GTIN}(10)LOT1(17)261231(21)S1`);
    expect(formatGs1ElementString(elements, { form: 'raw' })).toBe(`01${GTIN}10LOT1${GS}1726123121S1`);
  });

  it('validates what it writes', () => {
    expect(codeOf(() => formatGs1ElementString([]))).toBe('BAD_ELEMENT_STRING');
    expect(codeOf(() => formatGs1ElementString([{ ai: '04', value: '1' }]))).toBe('BAD_ELEMENT_STRING');
    expect(codeOf(() => formatGs1ElementString([{ ai: '10', value: 'a b' }]))).toBe('BAD_ELEMENT_STRING');
    expect(codeOf(() => formatGs1ElementString([{ ai: '01', value: '09521234543214' }]))).toBe('BAD_CHECK_DIGIT');
  });
});
