import { describe, expect, it } from 'vitest';
import { escapeDigitalLinkSegment, formatDigitalLink, isDigitalLinkUri, parseDigitalLink } from './digital-link.js';
import { gtinFromScan } from './scan.js';

/** Examples of the GS1 Digital Link Standard (URI Syntax) and of GS1's resolver documentation. */
describe('GS1 Digital Link URIs', () => {
  it('reads a GTIN and serial from the reference resolver and from any host with a path prefix, query ignored', () => {
    expect(parseDigitalLink('https://id.gs1.org/01/09506000134352/21/12345')).toMatchObject({
      gtin: '09506000134352',
      serial: '12345',
    });
    const custom = parseDigitalLink(
      'https://example.com/some/path/01/09506000134352/10/ABC%2F123/21/HV8MF?17=211231&linkType=all',
    );
    expect(custom).toMatchObject({ gtin: '09506000134352', lot: 'ABC/123', serial: 'HV8MF' });
    expect(custom.expiry).toBeUndefined();
    expect(custom.elements).toEqual([
      { ai: '01', value: '09506000134352' },
      { ai: '10', value: 'ABC/123' },
      { ai: '21', value: 'HV8MF' },
    ]);
  });

  it('pads a GTIN-13 to 14 digits, reads SSCCs, GLNs with extension and the old short names', () => {
    expect(parseDigitalLink('https://brand.example.com/01/9506000134352').gtin).toBe('09506000134352');
    expect(parseDigitalLink('https://id.gs1.org/00/106141412345678908').sscc).toBe('106141412345678908');
    expect(parseDigitalLink('https://id.gs1.org/414/9520123456788/254/32a%2Fb').elements).toEqual([
      { ai: '414', value: '9520123456788' },
      { ai: '254', value: '32a/b' },
    ]);
    expect(parseDigitalLink('http://example.org/gtin/09506000134352/ser/ABC').serial).toBe('ABC');
  });

  it('refuses a wrong check digit, qualifiers out of order, no key, and says so for a compressed URI', () => {
    expect(() => parseDigitalLink('https://id.gs1.org/01/09506000134353/21/1')).toThrow(/check digit/i);
    expect(() => parseDigitalLink('https://id.gs1.org/01/09506000134352/21/1/10/LOT')).toThrow(/not a GS1 Digital Link/);
    expect(() => parseDigitalLink('https://example.com/products/shirt')).toThrow(/not a GS1 Digital Link/);
    expect(() => parseDigitalLink('https://id.gs1.org/AQnYUc1gmiQFUdMRQJ1J8SKT')).toThrow(/compressed/);
    expect(() => parseDigitalLink('(01)09506000134352')).toThrow(/not an http/);
  });

  it('tells URIs from element strings and EPCs, and gives the GTIN of a Digital Link scan', () => {
    expect(isDigitalLinkUri(' https://id.gs1.org/01/09506000134352 ')).toBe(true);
    expect(isDigitalLinkUri('urn:epc:id:sgtin:0614141.812345.6789')).toBe(false);
    expect(isDigitalLinkUri('3074257BF7194E4000001A85')).toBe(false);
    expect(gtinFromScan('https://id.gs1.org/01/09506000134352/21/12345')).toBe('09506000134352');
    expect(gtinFromScan('(01)09506000134352(21)12345')).toBe('09506000134352');
  });
});

describe('formatDigitalLink', () => {
  it("writes the standard's example URI of a serialised GTIN and reads it back", () => {
    // GS1 Digital Link Standard: URI Syntax, the example of a GTIN with a serial number on GS1's resolver.
    const uri = formatDigitalLink('09506000134352', '12345');
    expect(uri).toBe('https://id.gs1.org/01/09506000134352/21/12345');
    expect(parseDigitalLink(uri)).toMatchObject({ gtin: '09506000134352', serial: '12345' });
  });

  it('pads a GTIN-13, -12 or -8 to 14 digits and takes another resolver', () => {
    expect(formatDigitalLink('9506000134352', 'HV8MF')).toBe('https://id.gs1.org/01/09506000134352/21/HV8MF');
    expect(formatDigitalLink('614141000036', '1', { resolver: 'https://brand.example.com/dl/' })).toBe(
      'https://brand.example.com/dl/01/00614141000036/21/1',
    );
    expect(formatDigitalLink('95010014', '7')).toBe('https://id.gs1.org/01/00000095010014/21/7');
  });

  it("percent-encodes every AI 82 character that is not unreserved, encodeURIComponent's gaps too, and round-trips", () => {
    const first = `A!"%&'()*+,-.`;
    const second = '/:;<=>?_z';
    const uri = formatDigitalLink('09506000134352', first);
    expect(uri).toBe('https://id.gs1.org/01/09506000134352/21/A%21%22%25%26%27%28%29%2A%2B%2C-.');
    expect(formatDigitalLink('09506000134352', second)).toBe('https://id.gs1.org/01/09506000134352/21/%2F%3A%3B%3C%3D%3E%3F_z');
    expect(uri).not.toMatch(/[\^~]/);
    expect(parseDigitalLink(uri).serial).toBe(first);
    expect(escapeDigitalLinkSegment('ABC/123')).toBe('ABC%2F123');
  });

  it('round-trips serials of every length and of the whole AI 82 set', () => {
    const set = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
    for (let start = 0; start < set.length; start += 7) {
      for (const length of [1, 5, 20]) {
        const serial = set.slice(start, start + length) || '0';
        expect(parseDigitalLink(formatDigitalLink('09506000134352', serial)).serial).toBe(serial);
      }
    }
  });

  it('refuses a wrong GTIN or check digit, an empty, long or foreign-character serial and a non-http resolver', () => {
    expect(() => formatDigitalLink('09506000134353', '1')).toThrow(/check digit/);
    expect(() => formatDigitalLink('950600013435', '1')).toThrow(/check digit/);
    expect(() => formatDigitalLink('12345', '1')).toThrow(/8, 12, 13 or 14 digits/);
    expect(() => formatDigitalLink('09506000134352', '')).toThrow(/AI \(21\)/);
    expect(() => formatDigitalLink('09506000134352', 'X'.repeat(21))).toThrow(/AI \(21\)/);
    expect(() => formatDigitalLink('09506000134352', 'a^b')).toThrow(/character set/);
    expect(() => formatDigitalLink('09506000134352', 'a~b')).toThrow(/character set/);
    expect(() => formatDigitalLink('09506000134352', 'ñ')).toThrow(/character set/);
    expect(() => formatDigitalLink('09506000134352', '1', { resolver: 'ftp://id.gs1.org' })).toThrow(/resolver/);
  });
});
