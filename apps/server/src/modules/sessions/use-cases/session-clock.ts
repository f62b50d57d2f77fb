/** What the sessions' use cases need to tell an open session: the time, and SESSION_IDLE_MINUTES in ms. */
export type SessionClock = { now: () => Date; idleMs: number };

/** Sessions unused since this instant are past their idle end. */
export const idleSince = ({ now, idleMs }: SessionClock): Date => new Date(now().getTime() - idleMs);
