import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useIdentity } from '../auth';
import { createOutbox, idbOutboxStore, type OutboxEntry, type SendOutcome } from './outbox';

/** How long one call may take before it is left for the next flush (a large count on a slow network). */
const SEND_TIMEOUT_MS = 30_000;
/** While entries wait, a flush is tried this often: `online` events do not come on every network a handheld meets. */
const RETRY_MS = 10_000;

/**
 * Sends one entry: a POST with its key as `Idempotency-Key` (a reading set carries it as its id too). Stored, or
 * stored before (2xx), it is sent; the server's refusal (4xx but a timeout or too many requests) is kept with the
 * server's message; no answer, or the server's own failure (5xx), is for later. A 401 signs the person out (the API
 * client): the entry stays queued for the next session.
 */
export const sendEntry = async (entry: OutboxEntry): Promise<SendOutcome> => {
  try {
    await apiRequest(entry.path, {
      method: 'POST',
      body: entry.body,
      silent: true,
      timeoutMs: SEND_TIMEOUT_MS,
      headers: { 'Idempotency-Key': entry.key },
    });
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)) {
      return { kind: 'refused', message: error.firstFieldMessage };
    }
    return { kind: 'later' };
  }
};

/** The app's one queue, in IndexedDB. */
export const outbox = createOutbox(idbOutboxStore(), sendEntry);

/** What waits and what was refused, for a screen inside the frame (which runs the queue: `useOutbox`). */
export const useOutboxEntries = () => useSyncExternalStore(outbox.subscribe, outbox.snapshot);

/** The last user this device's app knew (the queue's owner when the app starts offline). */
const OWNER_KEY = 'handheld_user';
const knownOwner = (): number | null => {
  const stored = Number(localStorage.getItem(OWNER_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
};

const isOnline = () => navigator.onLine;
const subscribeOnline = (callback: () => void) => {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
};

/**
 * The queue as the handheld's screens show it: whether the network is there, what waits, what was refused. Mounted
 * once (the handheld's frame): it reads the queue, sends what waits when the network comes back, and retries every
 * few seconds while entries wait.
 */
export const useOutbox = () => {
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const hasWaiting = snapshot.waiting.length > 0;
  const identity = useIdentity().data;
  const owner = identity?.id ?? knownOwner();
  useEffect(() => {
    if (identity) localStorage.setItem(OWNER_KEY, String(identity.id));
  }, [identity]);
  useEffect(() => {
    void outbox.setOwner(owner).then(() => outbox.flush());
  }, [owner]);
  useEffect(() => {
    if (online) void outbox.flush();
  }, [online]);
  useEffect(() => {
    if (!hasWaiting || !online) return;
    const timer = window.setInterval(() => void outbox.flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [hasWaiting, online]);
  return { online, ...snapshot };
};
