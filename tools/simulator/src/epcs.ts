import { createSerialTags, type Random } from '@rfid/epc';

export type { Random } from '@rfid/epc';
export { seededRandom } from '@rfid/epc';

/**
 * Realistic tags: SGTIN-96 (filter 1, point of sale item) of real GTINs, serials counting up
 * from a base far above what the print module hands out, so simulated tags never collide with
 * printed ones.
 */
export const createTagFactory = ({
  gtins,
  companyPrefixLength,
  serialBase,
}: {
  gtins: readonly string[];
  companyPrefixLength: number;
  serialBase: number;
}) => {
  const nextTag = createSerialTags({ companyPrefixLength, serialBase });
  return {
    /** `count` new tags spread over `gtinCount` GTINs picked at random. */
    tags(count: number, random: Random, gtinCount = Math.min(gtins.length, Math.max(1, Math.ceil(count / 8)))): string[] {
      const start = Math.floor(random() * gtins.length);
      const chosen = Array.from({ length: gtinCount }, (_, i) => gtins[(start + i) % gtins.length] as string);
      return Array.from({ length: count }, () => {
        const gtin = chosen[Math.floor(random() * chosen.length)] as string;
        return nextTag(gtin).epc;
      });
    },
  };
};
export type TagFactory = ReturnType<typeof createTagFactory>;

export type SimRead = { epc: string; time: Date; antenna: number; rssi: number };

/**
 * How a reader sees tags passing: each tag is read 1 to `maxReadsPerTag` times within the
 * window, on one of `antennas` antennas, RSSI between -75 and -40 dBm.
 */
export const readsOf = ({
  epcs,
  start,
  durationMs,
  antennas,
  maxReadsPerTag,
  random,
}: {
  epcs: readonly string[];
  start: Date;
  durationMs: number;
  antennas: number;
  maxReadsPerTag: number;
  random: Random;
}): SimRead[] => {
  const reads: SimRead[] = [];
  for (const epc of epcs) {
    const times = 1 + Math.floor(random() * maxReadsPerTag);
    for (let i = 0; i < times; i++) {
      reads.push({
        epc,
        time: new Date(start.getTime() + Math.floor(random() * durationMs)),
        antenna: 1 + Math.floor(random() * antennas),
        rssi: -75 + Math.round(random() * 35),
      });
    }
  }
  return reads.sort((a, b) => a.time.getTime() - b.time.getTime());
};
