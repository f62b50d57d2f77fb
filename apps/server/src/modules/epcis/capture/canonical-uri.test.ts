import { describe, expect, it } from 'vitest';
import { canonicalGs1Uri } from './canonical-uri.js';
import { eventHashIdOf } from './event-hash.js';

// Examples of the GS1 EPC Tag Data Standard 2.x (pure identity URIs, section 6 and table A-1's escapes) and of the GS1
// Digital Link standard; the expected URIs are written by hand from those standards.
describe('canonical GS1 Digital Link URIs of EPC URIs (TDS 2.x, GS1 Digital Link 1.2 section 4.11)', () => {
  // [the URI, its canonical Digital Link URI (null: none)], by what each case shows.
  const cases: Record<string, [uri: string, canonical: string | null][]> = {
    'keeps every AI 82 character of an SGTIN serial': [
      ['urn:epc:id:sgtin:0614141.112345.400', 'https://id.gs1.org/01/10614141123459/21/400'],
      // TDS: "urn:epc:id:sgtin:0614141.712345.32a%2Fb" (an SGTIN-198 serial 32a/b)
      ['urn:epc:id:sgtin:0614141.712345.32a%2Fb', 'https://id.gs1.org/01/70614141123451/21/32a%2Fb'],
      // A serial with dots is whole, not cut at its first dot.
      ['urn:epc:id:sgtin:4012345.011111.A.2', 'https://id.gs1.org/01/04012345111118/21/A.2'],
      ['urn:epc:id:sgtin:4012345.011111.1.2.3', 'https://id.gs1.org/01/04012345111118/21/1.2.3'],
      // Plain in a URN, percent-encoded in a Digital Link path: ! ( ) * + , :
      ["urn:epc:id:sgtin:4012345.011111.a!(b)*+,:;='-_", "https://id.gs1.org/01/04012345111118/21/a%21%28b%29%2A%2B%2C%3A;='-_"],
      // Escaped in both: " % & / < > ?
      ['urn:epc:id:sgtin:4012345.011111.%22%25%26%2F%3C%3E%3F', 'https://id.gs1.org/01/04012345111118/21/%22%25%26%2F%3C%3E%3F'],
      // More than 20 characters is no SGTIN serial.
      ['urn:epc:id:sgtin:4012345.011111.123456789012345678901', null],
    ],
    'reads the other EPC schemes and classes': [
      ['urn:epc:id:sscc:0614141.1234567890', 'https://id.gs1.org/00/106141412345678908'],
      ['urn:epc:id:sgln:0614141.12345.400', 'https://id.gs1.org/414/0614141123452/254/400'],
      ['urn:epc:id:sgln:0614141.12345.0', 'https://id.gs1.org/414/0614141123452'],
      ['urn:epc:id:grai:0614141.12345.400', 'https://id.gs1.org/8003/00614141123452400'],
      ['urn:epc:id:giai:0614141.32a%2Fb', 'https://id.gs1.org/8004/061414132a%2Fb'],
      ['urn:epc:class:lgtin:4012345.012345.998877', 'https://id.gs1.org/01/04012345123456/10/998877'],
      ['urn:epc:idpat:sgtin:4012345.012345.*', 'https://id.gs1.org/01/04012345123456'],
    ],
    'reads Digital Link URIs on any host': [
      ['https://example.com/gtin/9506000134352/ser/A.2?17=201225', 'https://id.gs1.org/01/09506000134352/21/A.2'],
      ['https://brand.example/shop/01/09506000134352/10/LOT/21/S1', 'https://id.gs1.org/01/09506000134352/21/S1'],
      ['https://id.gs1.org/01/09506000134352/22/2A/21/S1', 'https://id.gs1.org/01/09506000134352/21/S1'],
      ['not a uri', null],
    ],
  };
  for (const [what, pairs] of Object.entries(cases)) {
    it(what, () => {
      for (const [uri, canonical] of pairs) expect(canonicalGs1Uri(uri), uri).toBe(canonical);
    });
  }

  it('gives A.1 and A.2 different event hash IDs (a capture of A.2 after A.1 is no duplicate)', () => {
    const event = (serial: string) => ({
      type: 'ObjectEvent',
      eventTime: '2026-11-29T10:00:00.000Z',
      eventTimeZoneOffset: '+00:00',
      epcList: [`urn:epc:id:sgtin:4012345.011111.${serial}`],
      action: 'OBSERVE',
    });
    expect(eventHashIdOf(event('A.1'))).not.toBe(eventHashIdOf(event('A.2')));
  });
});
