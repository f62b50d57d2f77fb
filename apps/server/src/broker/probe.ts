import type { BusStatus } from './bus.js';

/**
 * A bus's probe: a message the process publishes to itself through the broker; the readiness check reads the age of
 * the last round trip. One probe is in flight at a time.
 */
export const createProbe = (now: () => Date = () => new Date()) => {
  let probe: { pendingSince?: Date; last?: { at: Date; roundTripMs: number } } = {};
  return {
    /** Takes the next probe's way out: false while one is in flight. */
    begin: (): boolean => {
      if (probe.pendingSince) return false;
      probe = { ...probe, pendingSince: now() };
      return true;
    },
    /** The probe came back: its round trip is the last one. */
    received: (): void => {
      const at = now();
      if (probe.pendingSince) probe = { last: { at, roundTripMs: at.getTime() - probe.pendingSince.getTime() } };
    },
    /** A new subscription: a probe in flight is forgotten (it may never come back), the last round trip kept. */
    reset: (): void => {
      probe = { ...(probe.last ? { last: probe.last } : {}) };
    },
    /** The probe's part of the bus's status. */
    status: (): Pick<BusStatus, 'lastProbe' | 'probePendingSince'> => ({
      ...(probe.last ? { lastProbe: probe.last } : {}),
      ...(probe.pendingSince ? { probePendingSince: probe.pendingSince } : {}),
    }),
  };
};
