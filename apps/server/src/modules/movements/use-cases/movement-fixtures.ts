import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { callRecorder } from '../../../test/recording-repo.js';
import type { MovementRow, MovementsRepository, MovementWrites } from '../movements.repository.js';

/**
 * Movement 5 (MOV-5) of company 1, from location 2 (CD Madrid) to location 3 (Tienda Sol), created 2026-11-01 10:00
 * UTC, 3 boxes of 12 items, none verified yet on either side.
 */
export const movementRow = (over: Partial<MovementRow> = {}): MovementRow => ({
  id: 5,
  companyId: 1,
  type: 'movement',
  orderCode: 'MOV-5',
  providerId: null,
  providerName: null,
  originLocationId: 2,
  originDescription: 'CD Madrid',
  destinationLocationId: 3,
  destinationDescription: 'Tienda Sol',
  originStatus: 0,
  destinationStatus: 0,
  closed: false,
  sync: false,
  container: '',
  creationDate: new Date('2026-11-01T10:00:00Z'),
  estimatedArrivalDate: null,
  arrivalDate: null,
  estimatedExitDate: null,
  exitDate: null,
  numBoxes: 3,
  itemCount: 12,
  destinationVerifiedBoxes: 0,
  originVerifiedBoxes: 0,
  destinationRealItemCount: 0,
  originRealItemCount: 0,
  ...over,
});

const ZONES: Record<number, string> = { 2: 'Europe/Madrid', 3: 'Atlantic/Canary' };

/**
 * An in-memory movements repository: locations 2 (Europe/Madrid) and 3 (Atlantic/Canary) are the user's (others 404),
 * a file about a location is in its zone (Europe/Madrid for none); movement 5 is `movement` (movementRow() unless told; others undefined). A transaction keeps the movement's writes
 * (sync, destination status, deletion) only when its work ends well. Every call is recorded in `calls` ('tx.' before
 * a call inside a transaction); `over` replaces any method.
 */
export const fakeMovementsRepo = ({
  movement = movementRow(),
  over = {},
}: {
  movement?: MovementRow;
  over?: Partial<MovementsRepository>;
} = {}) => {
  const { calls, record, called } = callRecorder();
  const state = { movement: movement as MovementRow | undefined };
  const find = (id: number) => (id === 5 ? state.movement : undefined);
  const writes = (draft: { movement: MovementRow | undefined }): MovementWrites => ({
    lockOrder: record('tx.lockOrder', async () => {}),
    movement: record('tx.movement', async (_user: AuthUser, id: number) => (id === 5 ? draft.movement : undefined)),
    cancelEntry: record('tx.cancelEntry', async () => {
      if (draft.movement) draft.movement = { ...draft.movement, destinationStatus: 4 };
    }),
    setSync: record('tx.setSync', async (_id: number, sync: boolean) => {
      if (draft.movement) draft.movement = { ...draft.movement, sync };
    }),
    hasVerifiedBox: record(
      'tx.hasVerifiedBox',
      async () => (draft.movement?.originVerifiedBoxes ?? 0) + (draft.movement?.destinationVerifiedBoxes ?? 0) > 0,
    ),
    deleteOrder: record('tx.deleteOrder', async () => {
      draft.movement = undefined;
    }),
  });
  const base: MovementsRepository = {
    location: async (_user, locationId) => {
      const timeZone = ZONES[locationId];
      if (!timeZone) throw notFound('location.not_found');
      return { timeZone };
    },
    fileTimeZone: async (_user, locationId) => (locationId === null ? 'Europe/Madrid' : (ZONES[locationId] ?? 'UTC')),
    movement: async (_user, id) => find(id),
    insertOrder: async () => 5,
    listMovements: async () => ({ count: state.movement ? 1 : 0, rows: state.movement ? [state.movement] : [] }),
    epcRows: async () => [],
    csvChunks: async function* () {},
    exitFigures: async () => ({ orders: 0, pending: 0, avgSeconds: null, maxSeconds: null }),
    entryFigures: async () => ({ orders: 0, pending: 0, avgSeconds: null, maxSeconds: null }),
    transaction: async (work) => {
      const draft = { movement: state.movement };
      const answer = await work(writes(draft));
      state.movement = draft.movement;
      return answer;
    },
    ...over,
  };
  // Every method, the given ones too, recorded: each is called with its own arguments and answers what it answers.
  const repo = Object.fromEntries(
    Object.entries(base).map(([method, fn]) => [
      method,
      record(method, (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as MovementsRepository;
  return { repo, calls, called, state };
};
