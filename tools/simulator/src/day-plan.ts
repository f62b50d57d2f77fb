import { encodeSgtin96 } from '@rfid/epc';
import { demoGtins } from './demo.js';
import { type Random, seededRandom } from './epcs.js';

/**
 * The plan of a realistic day at the demo company, computed from the seed alone (no server): every
 * order, box, EPC, read and time. `day.ts` plays it against a server. The same seed and day start
 * give the same plan.
 */

/** What the inbound tunnel makes of a box. */
export type BoxFate = 'exact' | 'missing' | 'extra' | 'unread' | 'reread';

export type ContentLine = { gtin: string; quantity: number };

export type PlannedBox = {
  codebar: string;
  contents: ContentLine[];
  /** The tags really in the box. */
  epcs: string[];
};

export type PlannedRead = { epcs: string[]; at: Date };

export type PlannedPurchaseBox = PlannedBox & {
  fate: BoxFate;
  /** 'reread': a first pass that missed a tag, read again a few minutes later (both verifications kept). */
  firstPass: PlannedRead | null;
  read: PlannedRead | null;
};

export type PlannedPurchase = {
  code: string;
  /** Index into the server's provider list (modulo its length). */
  providerIndex: number;
  creation: Date;
  estimatedArrival: Date;
  boxes: PlannedPurchaseBox[];
};

export type PlannedMovementBox = PlannedBox & { exit: PlannedRead | null; entry: PlannedRead | null; entryFate: string };

export type PlannedMovement = {
  code: string;
  creation: Date;
  estimatedExit: Date;
  estimatedArrival: Date;
  boxes: PlannedMovementBox[];
};

export type PlannedOnlineBox = PlannedBox & { exit: PlannedRead | null };

export type PlannedOnline = { code: string; creation: Date; estimatedExit: Date; boxes: PlannedOnlineBox[] };

export type DayPlan = {
  seed: number;
  /** Prefix of every order code and box barcode of this seed ("S<seed>"). */
  tag: string;
  dayStart: Date;
  purchases: PlannedPurchase[];
  /** A set at the exit portal whose barcode is a received purchase order's code. */
  providerReturn: { orderCode: string; read: PlannedRead };
  movements: PlannedMovement[];
  online: PlannedOnline[];
  /** A set at the entry tunnel whose barcode is an expedited online order's code. */
  saleReturn: { orderCode: string; read: PlannedRead };
  sales: PlannedRead[];
  posReturns: PlannedRead[];
};

const HOUR = 3_600_000;

/** The inbound orders of the day, as the fates of their boxes: every order and box status appears. */
export const PURCHASE_FATES: readonly (readonly BoxFate[])[] = [
  ['exact', 'exact', 'reread'], // order 3: verified without errors (one box needed a second pass)
  ['exact', 'missing'], // order 2: verified with errors (a tag missing)
  ['extra', 'exact'], // order 2: verified with errors (an extra tag)
  ['exact', 'missing', 'unread'], // order 1: partly verified
  ['unread', 'unread'], // order 0: pending, nothing read yet
  ['exact', 'exact'], // order 3, later partly returned to its provider
];

/**
 * What a played day ends as, by its plan (the day test on PGlite and the stack's smoke test check the API against it):
 * the purchase orders' statuses, a purchase box's status by its fate, the movements' [exit, entry] statuses, the online
 * orders' statuses and the POS operations as [kind, items, warnings].
 */
export const DAY_OUTCOME = {
  purchaseStatuses: [3, 2, 2, 1, 0, 3],
  boxStatusByFate: { exact: 2, reread: 2, missing: 1, extra: 1, unread: 0 } satisfies Record<BoxFate, number>,
  movementStatuses: [
    [3, 2],
    [3, 3],
    [3, 0],
    [0, 0],
  ],
  onlineStatuses: [3, 0],
  posOperations: [
    ['sale', 2, 0],
    ['sale', 1, 0],
    ['sale', 3, 1],
    ['return', 1, 0],
  ],
};

/** What the parts of a plan share: the seeded generator, the demo GTINs, the EPC mint, times of the day. */
type PlanTools = {
  random: Random;
  int: (lo: number, hi: number) => number;
  gtins: string[];
  tag: string;
  mintMany: (gtin: string, n: number) => string[];
  at: (hours: number) => Date;
  daysBefore: (days: number) => Date;
  contentsOf: (epcs: readonly string[]) => ContentLine[];
};

const planTools = (seed: number, dayStart: Date): PlanTools => {
  const random: Random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const gtins = demoGtins();
  const tag = `S${seed}`;
  let serial = 200_000_000_000 + (seed % 1_000_000) * 10_000;
  const mint = (gtin: string) => {
    serial += 1;
    return encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7, filter: 1 });
  };
  const gtinOf = new Map<string, string>();
  const mintMany = (gtin: string, n: number) =>
    Array.from({ length: n }, () => {
      const epc = mint(gtin);
      gtinOf.set(epc, gtin);
      return epc;
    });
  const at = (hours: number) => new Date(dayStart.getTime() + hours * HOUR);
  const daysBefore = (days: number) => new Date(dayStart.getTime() - days * 24 * HOUR);
  const contentsOf = (epcs: readonly string[]): ContentLine[] => {
    const counts = new Map<string, number>();
    for (const epc of epcs) {
      const gtin = gtinOf.get(epc) as string;
      counts.set(gtin, (counts.get(gtin) ?? 0) + 1);
    }
    return [...counts].map(([gtin, quantity]) => ({ gtin, quantity })).sort((a, b) => a.gtin.localeCompare(b.gtin));
  };
  return { random, int, gtins, tag, mintMany, at, daysBefore, contentsOf };
};

/** A box of a purchase order and what the tunnel reads of it, by its fate. */
const planPurchaseBox = (t: PlanTools, code: string, firstRead: number, fate: BoxFate, b: number): PlannedPurchaseBox => {
  const { random, int, gtins, mintMany, at } = t;
  const start = int(0, gtins.length - 1);
  const lineCount = int(1, 3);
  const epcs = Array.from({ length: lineCount }, (_, l) =>
    mintMany(gtins[(start + l * 7) % gtins.length] as string, int(2, 6)),
  ).flat();
  const box = { codebar: `${code}-B${b + 1}`, contents: t.contentsOf(epcs), epcs };
  let read: string[] | null = [...epcs];
  if (fate === 'missing') {
    const drop = Math.min(epcs.length - 1, int(1, 2));
    const removed = new Set<number>();
    while (removed.size < drop) removed.add(int(0, epcs.length - 1));
    read = epcs.filter((_, i) => !removed.has(i));
  } else if (fate === 'extra') {
    // one or two tags too many: a unit more of an expected GTIN, or a GTIN the box does not expect
    const expected = box.contents[0]?.gtin as string;
    const other = gtins[(start + 150) % gtins.length] as string;
    read = [...epcs, ...mintMany(random() < 0.5 ? expected : other, int(1, 2))];
  } else if (fate === 'unread') {
    read = null;
  }
  const readAt = at(firstRead + (b * 3) / 60);
  const firstPass = fate === 'reread' ? { epcs: epcs.slice(1), at: readAt } : null;
  return {
    ...box,
    fate,
    firstPass,
    read: read ? { epcs: read, at: firstPass ? new Date(readAt.getTime() + 5 * 60_000) : readAt } : null,
  };
};

/** Inbound: purchase orders for CD-MAD read by the tunnel through the morning. */
const planPurchases = (t: PlanTools): PlannedPurchase[] =>
  PURCHASE_FATES.map((fates, o) => {
    const code = `PO-${t.tag}-${String(o + 1).padStart(2, '0')}`;
    const firstRead = 0.5 + o * 0.7;
    const boxes = fates.map((fate, b) => planPurchaseBox(t, code, firstRead, fate, b));
    return {
      code,
      providerIndex: t.int(0, 99),
      creation: t.daysBefore(1 + t.random() * 2),
      // some arrive late, some early
      estimatedArrival: t.at(firstRead + (t.random() * 2 - 1)),
      boxes,
    };
  });

/** Movements CD-MAD → T-MAD-01: exits at the portal, entries at the store's portal. */
const planMovements = (t: PlanTools, take: (n: number) => string[]): PlannedMovement[] => {
  const { int, at } = t;
  const movementShapes: { exitAt: number | null; entry: ('exact' | 'missing 2' | null)[] }[] = [
    { exitAt: 5.5, entry: ['exact', 'missing 2'] }, // origin 3, destination 2: two tags stay IN TRANSIT
    { exitAt: 6, entry: ['exact'] }, // origin 3, destination 3
    { exitAt: 7, entry: [null] }, // origin 3, destination 0: still on the road
    { exitAt: null, entry: [null] }, // origin 0: not shipped yet
  ];
  return movementShapes.map((shape, m) => {
    const code = `MOV-${t.tag}-${String(m + 1).padStart(2, '0')}`;
    return {
      code,
      creation: at(4.5 + m * 0.1),
      estimatedExit: at(6 + m * 0.5),
      estimatedArrival: at(8.5 + m * 0.5),
      boxes: shape.entry.map((entryFate, b): PlannedMovementBox => {
        const epcs = take(int(5, 8));
        const entryAt = at(8 + m * 0.2 + (b * 2) / 60);
        const entry =
          entryFate === 'exact'
            ? { epcs: [...epcs], at: entryAt }
            : entryFate === 'missing 2'
              ? { epcs: epcs.slice(0, epcs.length - 2), at: entryAt }
              : null;
        return {
          codebar: `${code}-B${b + 1}`,
          contents: t.contentsOf(epcs),
          epcs,
          exit: shape.exitAt === null ? null : { epcs: [...epcs], at: at(shape.exitAt + (b * 2) / 60) },
          entry,
          entryFate: shape.exitAt === null ? 'not shipped' : (entryFate ?? 'in transit'),
        };
      }),
    };
  });
};

/** Online orders shipped from CD-MAD: one expedited (two parcels), one late and not shipped yet. */
const planOnline = (t: PlanTools, take: (n: number) => string[]): PlannedOnline[] => {
  const { tag, at, daysBefore } = t;
  return [
    { code: `WEB-${tag}-01`, creation: daysBefore(1), estimatedExit: at(7), parcels: 2, shippedAt: 6.5 },
    { code: `WEB-${tag}-02`, creation: daysBefore(1.5), estimatedExit: at(2), parcels: 1, shippedAt: null },
  ].map(({ code, creation, estimatedExit, parcels, shippedAt }) => ({
    code,
    creation,
    estimatedExit,
    boxes: Array.from({ length: parcels }, (_, b): PlannedOnlineBox => {
      const epcs = take(t.int(1, 3));
      return {
        codebar: `${code}-P${b + 1}`,
        contents: t.contentsOf(epcs),
        epcs,
        exit: shippedAt === null ? null : { epcs: [...epcs], at: at(shippedAt + (b * 2) / 60) },
      };
    }),
  }));
};

export const planDay = ({ seed, dayStart }: { seed: number; dayStart: Date }): DayPlan => {
  const t = planTools(seed, dayStart);
  const { tag, at } = t;
  const purchases = planPurchases(t);

  // Stock of CD-MAD after the tunnel: every EPC read (extras included).
  const returnedOrder = purchases[purchases.length - 1] as PlannedPurchase;
  const returnedEpcs = (returnedOrder.boxes[0]?.read?.epcs ?? []).slice(0, 2);
  const stock = purchases.flatMap((p) => p.boxes.flatMap((b) => b.read?.epcs ?? [])).filter((epc) => !returnedEpcs.includes(epc));
  let taken = 0;
  const take = (n: number) => {
    const epcs = stock.slice(taken, taken + n);
    taken += n;
    return epcs;
  };

  const movements = planMovements(t, take);
  const online = planOnline(t, take);
  const shipped = online[0] as PlannedOnline;

  // The store sells what arrived; the third sale reads a tag of the first again (a warning).
  const storeStock = movements.flatMap((m) => m.boxes.flatMap((b) => b.entry?.epcs ?? []));
  const s1 = storeStock.slice(0, 2);
  const s2 = storeStock.slice(2, 3);
  const s3 = [...storeStock.slice(3, 5), s1[0] as string];
  const sales = [
    { epcs: s1, at: at(8.6) },
    { epcs: s2, at: at(8.9) },
    { epcs: s3, at: at(9.2) },
  ];

  return {
    seed,
    tag,
    dayStart,
    purchases,
    providerReturn: { orderCode: returnedOrder.code, read: { epcs: returnedEpcs, at: at(5) } },
    movements,
    online,
    saleReturn: { orderCode: shipped.code, read: { epcs: (shipped.boxes[0] as PlannedOnlineBox).epcs.slice(0, 1), at: at(9) } },
    sales,
    posReturns: [{ epcs: s2, at: at(9.5) }],
  };
};
