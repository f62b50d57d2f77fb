import { parseDigitalLink } from '@rfid/epc';
import { describe, expect, it } from 'vitest';
import { parseLabel } from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import { sgtin96Hex } from '../../test/printing-fixtures.js';
import {
  DEMO_HANG_TAG_ZPL,
  DEMO_STICKER_ZPL,
  type LabelData,
  labelDigitalLink,
  renderLabel,
  scaleZpl,
  templateForPrinter,
  usesDigitalLink,
  withDigitalLinkQr,
  withPcBitsAdjusted,
} from './zpl.js';

describe('ZPL for a printer: the EPC write with its PC bits, the template scaled to the print head', () => {
  it('writes the EPC bank adjusting the PC bits (^RFW,H,,,A) unless the write names its own parameters', () => {
    expect(withPcBitsAdjusted('^XA^RFW,H^FD{{epc}}^FS^XZ')).toBe('^XA^RFW,H,,,A^FD{{epc}}^FS^XZ');
    expect(withPcBitsAdjusted('^XA^RFW,H,2,12,1^FD{{epc}}^FS^XZ')).toBe('^XA^RFW,H,2,12,1^FD{{epc}}^FS^XZ');
    expect(withPcBitsAdjusted(DEMO_HANG_TAG_ZPL)).toBe(DEMO_HANG_TAG_ZPL);
  });

  it('leaves a 203 dpi template as it is', () => {
    expect(scaleZpl(DEMO_HANG_TAG_ZPL, 203)).toBe(DEMO_HANG_TAG_ZPL);
  });

  it('scales every dot coordinate and size by 1.5 at 300 dpi (12 dots/mm) and by 3 at 600 dpi (24 dots/mm)', () => {
    const zpl =
      '^XA^LH10,5^PW406^LL609^RS8,300,609^FO30,290^BY2,3,100^BCN,100,Y,N,N,D^FD(01)1^FS^FO30,30^A0N,34,34^FB346,2,0,L^FDx^FS^FT5,7^GB100,50,3^FS^CF0,20^XZ';
    expect(scaleZpl(zpl, 300)).toBe(
      '^XA^LH15,8^PW609^LL914^RS8,450,914^FO45,435^BY3,3,150^BCN,150,Y,N,N,D^FD(01)1^FS^FO45,45^A0N,51,51^FB519,2,0,L^FDx^FS^FT8,11^GB150,75,5^FS^CF0,30^XZ',
    );
    expect(scaleZpl(zpl, 600)).toBe(
      '^XA^LH30,15^PW1218^LL1827^RS8,900,1827^FO90,870^BY6,3,300^BCN,300,Y,N,N,D^FD(01)1^FS^FO90,90^A0N,102,102^FB1038,2,0,L^FDx^FS^FT15,21^GB300,150,9^FS^CF0,60^XZ',
    );
  });

  it('keeps ^BY module widths within 1 to 10 dots, zero and empty parameters, the field data and other commands', () => {
    expect(scaleZpl('^BY5^BY1', 600)).toBe('^BY10^BY3');
    expect(scaleZpl('^FO0,10^A0N,,20^FO1,1^FDFO 30,30 PW406^FS^PQ1^RS8', 300)).toBe(
      '^FO0,15^A0N,,30^FO2,2^FDFO 30,30 PW406^FS^PQ1^RS8',
    );
    expect(scaleZpl(DEMO_STICKER_ZPL, 300)).toContain('^RFW,H,,,A^FD{{epc}}^FS');
  });

  it('prepares a stored template for a printer: PC bits adjusted, then scaled (unknown resolutions print at 203)', () => {
    const old = '^XA^PW406^RS8^RFW,H^FD{{epc}}^FS^FO30,30^A0N,34,34^FD{{gtin}}^FS^XZ';
    expect(templateForPrinter(old, 300)).toBe('^XA^PW609^RS8^RFW,H,,,A^FD{{epc}}^FS^FO45,45^A0N,51,51^FD{{gtin}}^FS^XZ');
    expect(templateForPrinter(old, 999)).toBe('^XA^PW406^RS8^RFW,H,,,A^FD{{epc}}^FS^FO30,30^A0N,34,34^FD{{gtin}}^FS^XZ');
  });
});

describe('GS1 Digital Link QR code (issue 17, item 6): per tag format', () => {
  const GTIN = '08437012000018';
  const SERIAL = 42;
  const URI = `https://id.gs1.org/01/${GTIN}/21/${SERIAL}`;
  const label = (template: string): LabelData => ({
    epc: sgtin96Hex(GTIN, SERIAL),
    gtin: GTIN,
    serial: String(SERIAL),
    description: 'Camiseta',
    price: '19,95',
    size: 'M',
    colour: 'Azul',
    model: 'TS-01',
    digital_link: usesDigitalLink(template) ? labelDigitalLink(GTIN, String(SERIAL)) : '',
  });
  const print = (template: string, dpi: number, digitalLinkQr: boolean) => {
    const prepared = templateForPrinter(template, dpi, { digitalLinkQr });
    return renderLabel(prepared, label(prepared));
  };
  const qrFields = (zpl: string) => zpl.match(/\^FO\d+,\d+\^BQN,\d+,\d+\^FDQA,[^^]*\^FS/g) ?? [];

  it('prints no QR code without the setting: the demo templates are unchanged', () => {
    expect(withDigitalLinkQr(DEMO_HANG_TAG_ZPL, false)).toBe(DEMO_HANG_TAG_ZPL);
    const zpl = print(DEMO_HANG_TAG_ZPL, 203, false);
    expect(zpl).not.toContain('^BQ');
    expect(zpl).not.toContain('id.gs1.org');
    expect(templateForPrinter(DEMO_STICKER_ZPL, 300, { digitalLinkQr: false })).toBe(templateForPrinter(DEMO_STICKER_ZPL, 300));
  });

  it("puts the item's Digital Link URI in a QR code at the bottom right of a template without the placeholder", () => {
    const zpl = print(DEMO_HANG_TAG_ZPL, 203, true);
    // 2 × 3 inch hang tag: ^PW406, ^LL609; the code's 150-dot box ends at the corner.
    expect(qrFields(zpl)).toEqual([`^FO256,459^BQN,2,3^FDQA,${URI}^FS`]);
    expect(zpl.indexOf('^BQN')).toBeLessThan(zpl.lastIndexOf('^XZ'));
    expect(zpl.endsWith('^XZ')).toBe(true);
    // The rest of the label is what it was, the EPC write included.
    expect(zpl.replace(/\n\^FO256,459\^BQN[^\n]*/, '')).toBe(print(DEMO_HANG_TAG_ZPL, 203, false));
    // The printer simulator reads it as one more field, whose data (after the QA, mode) parses back to the item.
    const { epc, fields } = parseLabel(zpl);
    expect(epc).toBe(sgtin96Hex(GTIN, SERIAL));
    const qr = fields.find((field) => field.startsWith('QA,'));
    expect(parseDigitalLink((qr as string).slice(3))).toMatchObject({ gtin: GTIN, serial: String(SERIAL) });
  });

  it("uses the template's size for the default position, and 2 × 3 inches when it sets none", () => {
    expect(qrFields(print(DEMO_STICKER_ZPL, 203, true))).toEqual([`^FO256,53^BQN,2,3^FDQA,${URI}^FS`]);
    expect(print('^XA^RFW,H^FD{{epc}}^FS^XZ', 203, true)).toBe(
      `^XA^RFW,H,,,A^FD${sgtin96Hex(GTIN, SERIAL)}^FS^FO256,459^BQN,2,3^FDQA,${URI}^FS^XZ`,
    );
  });

  it('puts the code where the template has {{digital_link_qr}}, and drops the placeholder without the setting', () => {
    const template = '^XA^PW406^LL609^RFW,H^FD{{epc}}^FS^FO20,20^A0N,20,20^FD{{gtin}}^FS^FO40,300{{ digital_link_qr }}^XZ';
    const on = print(template, 203, true);
    expect(qrFields(on)).toEqual([`^FO40,300^BQN,2,3^FDQA,${URI}^FS`]);
    expect(on).not.toContain('{{');
    const off = print(template, 203, false);
    expect(off).not.toContain('^BQ');
    expect(off).not.toContain('digital_link_qr');
    expect(off).toContain('^FO40,300^XZ');
  });

  it('scales the default position and the magnification to the print head (within 1 to 10)', () => {
    expect(qrFields(print(DEMO_HANG_TAG_ZPL, 300, true))).toEqual([`^FO384,689^BQN,2,5^FDQA,${URI}^FS`]);
    expect(qrFields(print(DEMO_HANG_TAG_ZPL, 600, true))).toEqual([`^FO768,1377^BQN,2,9^FDQA,${URI}^FS`]);
    expect(scaleZpl('^BQN,2,5', 600)).toBe('^BQN,2,10');
  });

  it('gives {{digital_link}} the percent-encoded URI and refuses an item no resolver would read', () => {
    expect(labelDigitalLink(GTIN, "A/B'1")).toBe(`https://id.gs1.org/01/${GTIN}/21/A%2FB%271`);
    expect(renderLabel('^XA^RFW,H^FD{{epc}}^FS^FO1,1^FD{{digital_link}}^FS^XZ', label('{{digital_link}}'))).toContain(
      `^FD${URI}^FS`,
    );
    expect(() => labelDigitalLink('08437012000019', '1')).toThrow(/check digit/);
    expect(usesDigitalLink(withDigitalLinkQr(DEMO_STICKER_ZPL, false))).toBe(false);
    expect(usesDigitalLink(withDigitalLinkQr(DEMO_STICKER_ZPL, true))).toBe(true);
  });
});
