import { parseDateBound, type printDataQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';

export type GetPrintDataInput = { user: AuthUser; query: z.output<typeof printDataQuerySchema> };

/**
 * The print data of a location's purchase orders in a range, read in the location's zone (the one date codec): a
 * day `date_time_to` includes that whole day, a date-time is that instant (inclusive).
 */
export const getPrintData = async (
  repo: Pick<InboundRepository, 'location' | 'printDataRows'>,
  { user, query }: GetPrintDataInput,
) => {
  const { timeZone } = await repo.location(user, query.location_id);
  const parse = (value: string, field: string, side: 'start' | 'end') => {
    const bound = parseDateBound(value, timeZone, side);
    if (!bound) throw fieldError(field, 'common.date_time');
    return bound;
  };
  const from = parse(query.date_time_from, 'date_time_from', 'start').at;
  const to = query.date_time_to ? parse(query.date_time_to, 'date_time_to', 'end') : null;
  const rows = await repo.printDataRows({ locationId: query.location_id, from, to });
  return { rows, timeZone };
};
