import { encodeSgtin96, MAX_SERIAL_96 } from '@rfid/epc';
import { conflict } from '../../http/errors.js';
import { msg } from '../../i18n/messages.js';

export type ReservedEpc = { serial: number; epc: string };

/** What reserving EPCs needs of a repository (printing.repository.ts has both). */
export type EpcReservationRepository = {
  /** Moves the company's counter of the GTIN on by `n` in one statement; answers the first serial reserved. */
  reserveSerials: (companyId: number, gtin: string, n: number) => Promise<number>;
  /** The EPCs among `epcs` a reader already saw in the company. */
  existingItemEpcs: (companyId: number, epcs: string[]) => Promise<Set<string>>;
};

/**
 * Reserves `count` SGTIN-96 EPCs of a GTIN: serials come from the company's per-GTIN counter (never handed out twice),
 * and a serial whose EPC a reader has already seen in the company is skipped (its tag exists), so a printed tag never
 * equals another tag.
 */
export const reserveEpcs = async (
  repo: EpcReservationRepository,
  {
    companyId,
    gtin,
    count,
    filter,
    companyPrefixLength,
  }: { companyId: number; gtin: string; count: number; filter: number; companyPrefixLength: number },
): Promise<ReservedEpc[]> => {
  const reserved: ReservedEpc[] = [];
  while (reserved.length < count) {
    const need = count - reserved.length;
    const first = await repo.reserveSerials(companyId, gtin, need);
    if (first + need - 1 > MAX_SERIAL_96) throw conflict(msg('print.no_serials_left', { gtin }));
    const candidates = Array.from({ length: need }, (_, i) => {
      const serial = first + i;
      return { serial, epc: encodeSgtin96({ gtin, serial, companyPrefixLength, filter }) };
    });
    const taken = await repo.existingItemEpcs(
      companyId,
      candidates.map((c) => c.epc),
    );
    for (const candidate of candidates) if (!taken.has(candidate.epc)) reserved.push(candidate);
  }
  return reserved;
};
