import { createRequire } from 'node:module';

/**
 * Compressed GS1 Digital Link URIs (GS1 Digital Link: Compression, 1.x; e.g. `https://id.gs1.org/DBFKk4XBoQcFcy`),
 * read with digital-link.js (GS1's compression toolkit inside a maintained SDK, Apache-2.0), which has no typings:
 * its `Utils` are typed here as its documentation gives them.
 */
type DigitalLinkUtils = {
  isCompressedWebUri(uri: string): boolean;
  decompressWebUri(uri: string, useShortText?: boolean): string;
};
const require = createRequire(import.meta.url);
// digital-link.js is CommonJS without typings; `Utils` is its documented API (see DigitalLinkUtils above).
const { Utils } = require('digital-link.js') as { Utils: DigitalLinkUtils };

/** The uncompressed form of a compressed GS1 Digital Link URI (same host); null when `uri` is no compressed one. */
export const uncompressedDigitalLink = (uri: string): string | null => {
  if (!/^https?:\/\/[^/?#]+\/[A-Za-z0-9_-]{10,}(?:[?#].*)?$/.test(uri)) return null;
  try {
    return Utils.isCompressedWebUri(uri) ? Utils.decompressWebUri(uri) : null;
  } catch {
    return null;
  }
};
