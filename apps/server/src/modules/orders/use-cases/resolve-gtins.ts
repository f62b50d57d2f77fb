import { fieldError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { InboundWrites } from '../inbound.repository.js';

/** Resolves GTINs to the company's item types; an unknown one is a 400 on its row (`field(i)`). */
export const resolveGtins = async (
  writes: Pick<InboundWrites, 'itemTypesByGtin'>,
  companyId: number,
  gtins: string[],
  field: (i: number) => string,
): Promise<number[]> => {
  const byGtin = await writes.itemTypesByGtin(companyId, gtins);
  return gtins.map((gtin, i) => {
    const found = byGtin.get(gtin) ?? byGtin.get(gtin.padStart(14, '0'));
    if (!found) throw fieldError(field(i), msg('catalog.gtin_missing', { gtin }));
    return found.id;
  });
};
