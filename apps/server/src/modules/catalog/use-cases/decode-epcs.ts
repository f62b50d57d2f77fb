import type { DecodedEpcRow, decodingBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CatalogRepository } from '../catalog.repository.js';
import { decodeEpcRow } from '../catalog.rules.js';

/** POST /decoding/: EPCs (hex) → scheme, GTIN and serial, with the company's GTIN row when it has the GTIN. */
export const decodeEpcs = async (
  repo: Pick<CatalogRepository, 'byGtins'>,
  { user, body }: { user: AuthUser; body: z.output<typeof decodingBodySchema> },
): Promise<DecodedEpcRow[]> => {
  const decoded = body.epcs.map(decodeEpcRow);
  const gtins = [...new Set(decoded.flatMap((d) => (d.gtin ? [d.gtin] : [])))];
  const known = new Map((await repo.byGtins(user.companyId, gtins)).map((r) => [r.gtin, r]));
  return decoded.map((d) => {
    const itemType = d.gtin ? known.get(d.gtin) : undefined;
    return { ...d, item_type: itemType?.id ?? null, description: itemType?.description ?? null };
  });
};
