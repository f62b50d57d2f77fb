import { OrderStatus } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { exportTimeZone, requireLocation } from '../locations/location-scope.js';
import * as core from '../orders/orders.repository.js';
import { entryFigures, exitFigures, type SideFigures } from '../stats/figures.repository.js';

/** A movement as the orders core reads it: the order and both sides' counts. */
export type MovementRow = core.OrderWithAggregates;

/** The input of a repository function `fn(db, input)`, without its database handle. */
type InputOf<F> = F extends (db: never, input: infer I) => unknown ? I : never;

/** The list of a location's movements: which side of them the location is, their filters, a page, the location's zone. */
export type MovementListInput = Omit<InputOf<typeof core.listOrders>, 'type'>;

/** A statistics range over one location. */
export type MovementStatsRange = { locationId: number; from: Date; to: Date };

/** The writes of a movement, all inside one transaction under the order's lock. */
export type MovementWrites = {
  /** Locks the order (the engine takes the same lock before verifying a box of it). */
  lockOrder: (id: number) => Promise<void>;
  /** The movement the user may see, read again under the lock, or undefined. */
  movement: (user: AuthUser, id: number) => Promise<MovementRow | undefined>;
  /** Cancels the entry: the destination side's status becomes Canceled. */
  cancelEntry: (id: number) => Promise<void>;
  setSync: (id: number, sync: boolean) => Promise<void>;
  /** A verified box on either side, or any valid verification. */
  hasVerifiedBox: (id: number) => Promise<boolean>;
  deleteOrder: (id: number) => Promise<void>;
};

/** What the movement use cases (use-cases/*.ts) read and write. */
export type MovementsRepository = {
  /** The location when the user sees it, with its IANA zone (else a 404 location.not_found). */
  location: (user: AuthUser, locationId: number) => Promise<{ timeZone: string }>;
  /** The zone a file about the location is written in (the company's when the location is not given). */
  fileTimeZone: (user: AuthUser, locationId: number | null) => Promise<string>;
  /** The movement the user may see, or undefined. */
  movement: (user: AuthUser, id: number) => Promise<MovementRow | undefined>;
  insertOrder: (values: InputOf<typeof core.insertOrder>) => Promise<number>;
  listMovements: (input: MovementListInput) => Promise<{ count: number; rows: MovementRow[] }>;
  /** The EPCs verified per box and side (the movement file's report_mode 1). */
  epcRows: (id: number) => ReturnType<typeof core.orderEpcRows>;
  /** The boxes and GTINs, expected and read, in chunks (the movement file's report_mode 0). */
  csvChunks: (id: number) => ReturnType<typeof core.orderCsvChunks>;
  /** Movements leaving the location in the range. */
  exitFigures: (range: MovementStatsRange) => Promise<SideFigures>;
  /** Movements arriving at the location in the range. */
  entryFigures: (range: MovementStatsRange) => Promise<SideFigures>;
  /** Runs `work` in one transaction: when it throws, nothing it wrote is kept. */
  transaction: <T>(work: (writes: MovementWrites) => Promise<T>) => Promise<T>;
};

/** Sets the destination side's status to Canceled (a movement entry's cancel). */
const cancelEntry = async (db: DbOrTx, id: number): Promise<void> => {
  await db.update(orders).set({ destinationStatus: OrderStatus.Canceled }).where(eq(orders.id, id));
};

const writesOf = (tx: DbOrTx): MovementWrites => ({
  lockOrder: (id) => core.lockOrder(tx, id),
  movement: (user, id) => core.getOrder(tx, user, id, 'movement'),
  cancelEntry: (id) => cancelEntry(tx, id),
  setSync: (id, sync) => core.updateOrderSync(tx, id, sync),
  hasVerifiedBox: (id) => core.orderHasVerifiedBox(tx, id),
  deleteOrder: (id) => core.deleteOrder(tx, id),
});

export const createMovementsRepository = (db: Db): MovementsRepository => ({
  location: (user, locationId) => requireLocation(db, user, locationId),
  fileTimeZone: (user, locationId) => exportTimeZone(db, user, locationId),
  movement: (user, id) => core.getOrder(db, user, id, 'movement'),
  insertOrder: (values) => core.insertOrder(db, values),
  listMovements: (input) => core.listOrders(db, { ...input, type: 'movement' }),
  epcRows: (id) => core.orderEpcRows(db, id),
  csvChunks: (id) => core.orderCsvChunks(db, id),
  exitFigures: ({ locationId, from, to }) => exitFigures(db, { types: ['movement'], locationIds: [locationId], from, to }),
  entryFigures: ({ locationId, from, to }) => entryFigures(db, { locationIds: [locationId], from, to }),
  transaction: (work) => db.transaction((tx) => work(writesOf(tx))),
});
