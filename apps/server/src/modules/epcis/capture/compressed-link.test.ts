import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { canonicalDigitalLink } from '../epcis.identity.js';
import { uncompressedDigitalLink } from './compressed-link.js';

describe('compressed GS1 Digital Link URIs', () => {
  it("reads GS1's compression demo (github.com/gs1/GS1DigitalLinkCompressionPrototype, demo-minimal3.html)", () => {
    // The demo compresses its element string (01)05412345000013(10)ABC&+123(7003)1903061658 (index.html, demo1).
    expect(uncompressedDigitalLink('http://example.org/DgnYUc1gmji3NU0IREGFDTK2LJm')).toBe(
      'http://example.org/01/05412345000013/10/ABC%26%2B123?7003=1903061658',
    );
  });

  it('names the same item as its uncompressed form in EPCIS (serials with AI 82 characters too)', () => {
    const require = createRequire(import.meta.url);
    // The compressing side of the same toolkit, for the round trip.
    const { Utils } = require('digital-link.js') as { Utils: { compressWebUri(uri: string): string } };
    for (const uri of ['https://id.gs1.org/01/09506000134352/21/A.2', 'https://id.gs1.org/01/09506000134352/21/x%2Fy%21']) {
      const compressed = Utils.compressWebUri(uri);
      expect(compressed).not.toBe(uri);
      expect(canonicalDigitalLink(compressed)).toBe(canonicalDigitalLink(uri));
    }
    expect(canonicalDigitalLink('urn:epc:id:sgtin:9506000.013435.A.2')).toBe('https://id.gs1.org/01/09506000134352/21/A.2');
  });

  it('leaves other URIs alone', () => {
    expect(uncompressedDigitalLink('https://id.gs1.org/01/09506000134352/21/A.2')).toBeNull();
    expect(uncompressedDigitalLink('https://example.com/not-a-compressed-link')).toBeNull();
    expect(uncompressedDigitalLink('urn:epc:id:sgtin:9506000.013435.1')).toBeNull();
  });
});
