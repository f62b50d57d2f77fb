export { binaryToHex, hexToBinary } from './bits.js';
export { gtinCheckDigit, hasValidCheckDigit, isValidGtin, toGtin14 } from './check-digit.js';
export type { Random } from './demo-tags.js';
export { createSerialTags, seededRandom } from './demo-tags.js';
export type { Gs1ElementString } from './element-string.js';
export { formatGs1ElementString, gtinFromScan, parseGs1ElementString } from './element-string.js';
export type { DecodedEpc, EpcScheme, UriToHexOptions } from './epc.js';
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
  tryDecodeEpc,
  uriToHex,
} from './epc.js';
export type { EpcErrorCode } from './errors.js';
export { EpcError, isEpcError } from './errors.js';
