import { describe, expect, it } from 'vitest';
import { DEMO_HANG_TAG_ZPL, DEMO_STICKER_ZPL, scaleZpl, templateForPrinter, withPcBitsAdjusted } from './zpl.js';

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
