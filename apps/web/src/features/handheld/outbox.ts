import { type DBSchema, openDB } from 'idb';

/** What the handheld queues: an area's count (a reading set), a pick of the pick list, a box received (a reading set
 * with the box's barcode). */
type OutboxKind = 'count' | 'pick' | 'receipt';

/**
 * A call the handheld made that waits to reach the server, or that the server refused. `key` is made once, when the
 * call is queued: the body's own id (a reading set's) or the `Idempotency-Key` header, so that a call resent after a
 * lost answer is stored once.
 */
export type OutboxEntry = {
  key: string;
  /**
   * The signed-in user who queued it (null: the app did not know yet, started offline on a device where nobody had
   * signed in online): only that user's session sends it, so a shared handheld never sends one person's count as
   * another's.
   */
  userId: number | null;
  kind: OutboxKind;
  /** The API path (without /api) the body is POSTed to. */
  path: string;
  body: unknown;
  /** What the entry is to a person: the area counted, the GTIN picked, the box's barcode. */
  label: string;
  /** How many units or EPCs it carries. */
  units: number;
  queuedAt: string;
  state: 'waiting' | 'refused';
  /** The server's message, when it refused the call. */
  message?: string;
};

/** Where the entries are kept: IndexedDB in the app (`idbOutboxStore`). */
export type OutboxStore = {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(key: string): Promise<void>;
};

/** An entry as IndexedDB holds it: one without a `kind` (written before the queue held picks) is read as a count. */
type StoredEntry = Omit<OutboxEntry, 'kind'> & { kind?: OutboxKind };

interface OutboxDb extends DBSchema {
  outbox: { key: string; value: StoredEntry; indexes: { queuedAt: string } };
}

/** The entries in IndexedDB (database `name`, store `outbox`, oldest first by `queuedAt`). */
export const idbOutboxStore = (name = 'rfid-handheld'): OutboxStore => {
  // Opened on first use: importing the queue opens nothing.
  let opened: ReturnType<typeof openDB<OutboxDb>> | undefined;
  const db = () => {
    opened ??= openDB<OutboxDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: 'key' }).createIndex('queuedAt', 'queuedAt');
      },
    });
    return opened;
  };
  return {
    all: async () =>
      (await db())
        .getAllFromIndex('outbox', 'queuedAt')
        .then((entries) => entries.map((entry): OutboxEntry => ({ ...entry, kind: entry.kind ?? 'count' }))),
    put: async (entry) => {
      await (await db()).put('outbox', entry);
    },
    delete: async (key) => {
      await (await db()).delete('outbox', key);
    },
  };
};

/** What sending an entry came to: stored (or stored before), refused with the server's message, or try later. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'later' };

type OutboxSnapshot = { waiting: OutboxEntry[]; refused: OutboxEntry[]; othersWaiting: number };

/**
 * The handheld's queue (issue 32): every count, pick and box receipt is kept here first, then sent, oldest first, while sending
 * works. An entry leaves once the server stored it; one it refuses stays, in the refused list, with its message, until
 * the person dismisses it; when the network is gone (`later`) the rest wait for the next `flush`. One flush runs at a
 * time (and, where the browser has Web Locks, one in all the app's tabs), so no entry is sent by two at once.
 */
export const createOutbox = (store: OutboxStore, send: (entry: OutboxEntry) => Promise<SendOutcome>) => {
  let snapshot: OutboxSnapshot = { waiting: [], refused: [], othersWaiting: 0 };
  const listeners = new Set<() => void>();
  /** The signed-in user (setOwner): their entries are shown and sent; other users' wait for their own session. */
  let owner: number | null = null;
  const isMine = (entry: OutboxEntry) => owner !== null && entry.userId === owner;
  /** Entries queued before the app knew its user: the session present then is the one that loads first (no one can
   * sign in offline), so they become that user's. */
  const claimUnowned = async (entries: OutboxEntry[]) => {
    if (owner === null) return entries;
    const claimed: OutboxEntry[] = [];
    for (const entry of entries) {
      if (entry.userId !== null) claimed.push(entry);
      else {
        const mine = { ...entry, userId: owner };
        await store.put(mine);
        claimed.push(mine);
      }
    }
    return claimed;
  };
  const refresh = async () => {
    const entries = await claimUnowned(await store.all());
    snapshot = {
      waiting: entries.filter((entry) => entry.state === 'waiting' && (isMine(entry) || entry.userId === null)),
      refused: entries.filter((entry) => entry.state === 'refused' && isMine(entry)),
      othersWaiting: entries.filter((entry) => entry.state === 'waiting' && entry.userId !== null && !isMine(entry)).length,
    };
    for (const listener of listeners) listener();
  };

  /** Sends what waits of the signed-in user, oldest first; false when sending stopped for the network. */
  const sendWaiting = async (): Promise<boolean> => {
    const entries = await claimUnowned(await store.all());
    for (const entry of entries.filter((candidate) => candidate.state === 'waiting' && isMine(candidate))) {
      const outcome = await send(entry);
      if (outcome.kind === 'later') return false;
      if (outcome.kind === 'sent') await store.delete(entry.key);
      else await store.put({ ...entry, state: 'refused', message: outcome.message });
      await refresh();
    }
    return true;
  };

  let running: Promise<void> | null = null;
  /** An entry was queued while a flush ran (after it read the queue): that flush goes round once more. */
  let isQueuedMeanwhile = false;
  const sendAll = async () => {
    let isDone = false;
    while (!isDone) {
      isQueuedMeanwhile = false;
      isDone = !(await sendWaiting()) || !isQueuedMeanwhile;
    }
  };
  const flush = (): Promise<void> => {
    if (running) {
      isQueuedMeanwhile = true;
      return running;
    }
    running = (async () => {
      try {
        const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
        if (locks) await locks.request('rfid-handheld-outbox', sendAll);
        else await sendAll();
      } finally {
        running = null;
        await refresh();
      }
    })();
    return running;
  };

  return {
    /** Queues an entry of the signed-in user (kept before anything is sent), then sends what waits. */
    add: async (entry: Omit<OutboxEntry, 'state' | 'queuedAt' | 'userId'>): Promise<void> => {
      await store.put({ ...entry, userId: owner, state: 'waiting', queuedAt: new Date().toISOString() });
      await refresh();
      void flush();
    },
    flush,
    /** The signed-in user, when the app learns it (or null, signed out): what is shown and sent is theirs. */
    setOwner: async (userId: number | null): Promise<void> => {
      owner = userId;
      await refresh();
    },
    /** Removes a refused entry the person has read. */
    dismiss: async (key: string): Promise<void> => {
      await store.delete(key);
      await refresh();
    },
    refresh,
    snapshot: (): OutboxSnapshot => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
