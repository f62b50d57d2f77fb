export { binaryToHex, hexToBinary } from './bits.js';
export {
  GLN_EXTENSION_PATTERN,
  gtinCheckDigit,
  hasValidCheckDigit,
  isValidGln,
  isValidGlnExtension,
  isValidGtin,
  toGtin14,
} from './check-digit.js';
export type { Random } from './demo-tags.js';
export { createSerialTags, seededRandom } from './demo-tags.js';
export {
  escapeDigitalLinkSegment,
  formatDigitalLink,
  GS1_RESOLVER,
  isDigitalLinkUri,
  parseDigitalLink,
} from './digital-link.js';
export type { Gs1ElementString } from './element-string.js';
export { formatGs1ElementString, parseGs1ElementString } from './element-string.js';
export type { DecodedEpc, EpcItemKey, EpcScheme, UriToHexOptions } from './epc.js';
export {
  DEFAULT_FILTER,
  decodeEpc,
  decodeEpcUri,
  EPC_SCHEMES,
  encodeGiai96,
  encodeGrai96,
  encodeSgtin96,
  encodeSgtin198,
  encodeSscc96,
  escapeUriComponent,
  MAX_SERIAL_96,
  partitionForCompanyPrefixLength,
  trimEpcPadding,
  tryDecodeEpc,
  tryDecodeItemKey,
  uriToHex,
} from './epc.js';
export type { EpcErrorCode } from './errors.js';
export { EpcError, isEpcError } from './errors.js';
export { gtinFromScan } from './scan.js';
