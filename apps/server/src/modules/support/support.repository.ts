import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { supportTickets } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import type { PageParams } from '../../http/paging.js';

/** Support tickets: the only queries of the support module. */
export type TicketValues = typeof supportTickets.$inferInsert;

export const insertTicket = async (db: DbOrTx, values: TicketValues) => {
  const [row] = await db.insert(supportTickets).values(values).returning();
  if (!row) throw new Error('ticket not inserted');
  return row;
};

/** A company's tickets, newest first. */
export const listTickets = async (db: DbOrTx, companyId: number, page: PageParams) => {
  const where = eq(supportTickets.companyId, companyId);
  const selected = db
    .select({
      id: supportTickets.id,
      email: supportTickets.email,
      topic: supportTickets.topic,
      description: supportTickets.description,
      locationId: supportTickets.locationId,
      screenshotMime: supportTickets.screenshotMime,
      screenshotBytes: sql<number | null>`octet_length(decode(${supportTickets.screenshot}, 'base64'))`,
      createdAt: supportTickets.createdAt,
    })
    .from(supportTickets)
    .where(where)
    .$dynamic();
  return pageOf(db, selected, [desc(supportTickets.createdAt), desc(supportTickets.id)], page);
};

export const getTicket = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
};
