import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { digitalLinkItem } from './tracking.service.js';

describe('the tracker reads compressed GS1 Digital Link URIs', () => {
  it('finds the GTIN and serial of a compressed link as of the uncompressed one', () => {
    const require = createRequire(import.meta.url);
    // digital-link.js's compressing side (GS1's toolkit), for the input.
    const { Utils } = require('digital-link.js') as { Utils: { compressWebUri(uri: string): string } };
    const compressed = Utils.compressWebUri('https://id.gs1.org/01/09506000134352/21/A.2');
    expect(compressed).toMatch(/^https:\/\/id\.gs1\.org\/[A-Za-z0-9_-]+$/);
    expect(digitalLinkItem(compressed)).toEqual({ gtin: '09506000134352', serial: 'A.2' });
  });
});
