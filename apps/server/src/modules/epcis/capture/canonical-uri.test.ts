import { describe, expect, it } from 'vitest';
import { canonicalGs1Uri } from './canonical-uri.js';
import { eventHashIdOf } from './event-hash.js';

// Examples of the GS1 EPC Tag Data Standard 2.x (pure identity URIs, section 6 and table A-1's escapes) and of the GS1
// Digital Link standard; the expected URIs are written by hand from those standards.
describe('canonical GS1 Digital Link URIs of EPC URIs (TDS 2.x, GS1 Digital Link 1.2 section 4.11)', () => {
  it('keeps every AI 82 character of an SGTIN serial', () => {
    expect(canonicalGs1Uri('urn:epc:id:sgtin:0614141.112345.400')).toBe('https://id.gs1.org/01/10614141123459/21/400');
    // TDS: "urn:epc:id:sgtin:0614141.712345.32a%2Fb" (an SGTIN-198 serial 32a/b)
    expect(canonicalGs1Uri('urn:epc:id:sgtin:0614141.712345.32a%2Fb')).toBe('https://id.gs1.org/01/70614141123451/21/32a%2Fb');
    // A serial with dots is whole, not cut at its first dot.
    expect(canonicalGs1Uri('urn:epc:id:sgtin:4012345.011111.A.2')).toBe('https://id.gs1.org/01/04012345111118/21/A.2');
    expect(canonicalGs1Uri('urn:epc:id:sgtin:4012345.011111.1.2.3')).toBe('https://id.gs1.org/01/04012345111118/21/1.2.3');
    // Plain in a URN, percent-encoded in a Digital Link path: ! ( ) * + , :
    expect(canonicalGs1Uri("urn:epc:id:sgtin:4012345.011111.a!(b)*+,:;='-_")).toBe(
      "https://id.gs1.org/01/04012345111118/21/a%21%28b%29%2A%2B%2C%3A;='-_",
    );
    // Escaped in both: " % & / < > ?
    expect(canonicalGs1Uri('urn:epc:id:sgtin:4012345.011111.%22%25%26%2F%3C%3E%3F')).toBe(
      'https://id.gs1.org/01/04012345111118/21/%22%25%26%2F%3C%3E%3F',
    );
    // More than 20 characters is no SGTIN serial.
    expect(canonicalGs1Uri('urn:epc:id:sgtin:4012345.011111.123456789012345678901')).toBeNull();
  });

  it('reads the other EPC schemes and classes', () => {
    expect(canonicalGs1Uri('urn:epc:id:sscc:0614141.1234567890')).toBe('https://id.gs1.org/00/106141412345678908');
    expect(canonicalGs1Uri('urn:epc:id:sgln:0614141.12345.400')).toBe('https://id.gs1.org/414/0614141123452/254/400');
    expect(canonicalGs1Uri('urn:epc:id:sgln:0614141.12345.0')).toBe('https://id.gs1.org/414/0614141123452');
    expect(canonicalGs1Uri('urn:epc:id:grai:0614141.12345.400')).toBe('https://id.gs1.org/8003/00614141123452400');
    expect(canonicalGs1Uri('urn:epc:id:giai:0614141.32a%2Fb')).toBe('https://id.gs1.org/8004/061414132a%2Fb');
    expect(canonicalGs1Uri('urn:epc:class:lgtin:4012345.012345.998877')).toBe('https://id.gs1.org/01/04012345123456/10/998877');
    expect(canonicalGs1Uri('urn:epc:idpat:sgtin:4012345.012345.*')).toBe('https://id.gs1.org/01/04012345123456');
  });

  it('reads Digital Link URIs on any host', () => {
    expect(canonicalGs1Uri('https://example.com/gtin/9506000134352/ser/A.2?17=201225')).toBe(
      'https://id.gs1.org/01/09506000134352/21/A.2',
    );
    expect(canonicalGs1Uri('https://brand.example/shop/01/09506000134352/10/LOT/21/S1')).toBe(
      'https://id.gs1.org/01/09506000134352/21/S1',
    );
    expect(canonicalGs1Uri('https://id.gs1.org/01/09506000134352/22/2A/21/S1')).toBe(
      'https://id.gs1.org/01/09506000134352/21/S1',
    );
    expect(canonicalGs1Uri('not a uri')).toBeNull();
  });

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
