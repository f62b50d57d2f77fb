import { EpcError } from './errors.js';

/** char code → nibble value, -1 for anything that is not a hex digit (upper or lower case). */
export const HEX_VALUE: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 10; i++) table[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    table[65 + i] = 10 + i;
    table[97 + i] = 10 + i;
  }
  return table;
})();

export const HEX_DIGITS = '0123456789ABCDEF';

/** Reads `len` (≤ 53) bits starting at bit `start` (MSB first) from an array of nibbles. */
export function readBits(nibbles: Uint8Array, start: number, len: number): number {
  let value = 0;
  let pos = start;
  const end = start + len;
  while (pos < end) {
    const offset = pos & 3;
    let take = 4 - offset;
    if (take > end - pos) take = end - pos;
    value = value * (1 << take) + ((nibbles[pos >> 2] >> (4 - offset - take)) & ((1 << take) - 1));
    pos += take;
  }
  return value;
}

/** Writes the low `len` (≤ 53) bits of a non-negative integer at bit `start` (MSB first). */
export function writeBits(nibbles: Uint8Array, start: number, len: number, value: number): void {
  let rest = value;
  for (let i = start + len - 1; i >= start; i--) {
    const bit = rest % 2;
    rest = (rest - bit) / 2;
    if (bit === 1) nibbles[i >> 2] |= 1 << (3 - (i & 3));
  }
}

/** Writes the low `len` bits of a bigint at bit `start` (MSB first). */
export function writeBigBits(nibbles: Uint8Array, start: number, len: number, value: bigint): void {
  let rest = value;
  for (let i = start + len - 1; i >= start; i--) {
    if ((rest & 1n) === 1n) nibbles[i >> 2] |= 1 << (3 - (i & 3));
    rest >>= 1n;
  }
}

export function nibblesToHex(nibbles: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < nibbles.length; i++) hex += HEX_DIGITS[nibbles[i]];
  return hex;
}

/** '3074…' → '0011000001110100…' (4 bits per hex digit). */
export function hexToBinary(hex: string): string {
  if (typeof hex !== 'string') throw new EpcError('BAD_HEX', 'Expected a hex string');
  let bits = '';
  for (let i = 0; i < hex.length; i++) {
    const code = hex.charCodeAt(i);
    const v = code < 128 ? HEX_VALUE[code] : -1;
    if (v < 0) throw new EpcError('BAD_HEX', `'${hex}' is not hexadecimal (position ${i})`);
    bits += NIBBLE_BITS[v];
  }
  return bits;
}

const NIBBLE_BITS = Array.from({ length: 16 }, (_, i) => i.toString(2).padStart(4, '0'));

/**
 * '0011…' → hex. A bit string whose length is not a multiple of 16 is padded on the right with zeros to the next
 * 16-bit word, as it is stored in the EPC memory bank (198 bits → 208 bits → 52 hex digits).
 */
export function binaryToHex(bits: string): string {
  if (typeof bits !== 'string') throw new EpcError('BAD_VALUE', 'Expected a string of 0 and 1');
  const padded = bits.length % 16 === 0 ? bits : bits.padEnd(bits.length + 16 - (bits.length % 16), '0');
  let hex = '';
  for (let i = 0; i < padded.length; i += 4) {
    let v = 0;
    for (let j = 0; j < 4; j++) {
      const c = padded.charCodeAt(i + j);
      if (c !== 48 && c !== 49) throw new EpcError('BAD_VALUE', `'${bits}' is not a binary string (position ${i + j})`);
      v = v * 2 + (c - 48);
    }
    hex += HEX_DIGITS[v];
  }
  return hex;
}
