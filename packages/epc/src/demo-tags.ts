import { encodeSgtin96 } from './epc.js';

/** Made-up tags for demo data and simulated readers (the server's demo seeds, tools/simulator). */

/** Mulberry32: a small seeded PRNG, so demo data and simulator runs can be replayed. */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
export type Random = () => number;

/**
 * SGTIN-96 tags (default filter: point of sale item) of made-up items: each call gives the next tag of `gtin`, its
 * serial counting up from `serialBase` (chosen far from what printing hands out, so made-up tags never collide with
 * printed ones).
 */
export const createSerialTags = ({ companyPrefixLength, serialBase }: { companyPrefixLength: number; serialBase: number }) => {
  let next = serialBase;
  return (gtin: string): { epc: string; serial: string } => {
    next += 1;
    const serial = String(next);
    return { epc: encodeSgtin96({ gtin, serial, companyPrefixLength }), serial };
  };
};
