/** How often the event loop's timers note that they ran. */
export const LOOP_TICK_MS = 10;

/**
 * Notes the event loop's turns: a timer (unref'd) writes down every LOOP_TICK_MS when it ran, so `sinceTurn()` tells
 * how long the loop has been held without coming round to its timers. The load shedding (http/load-shedding.ts)
 * refuses requests past its bound; the embedded database's handle (db/pglite-handle.ts) lets the loop turn (`turn`)
 * when its calls have held it.
 */
export const createLoopTurns = () => {
  let turnedAt = performance.now();
  const ticker = setInterval(() => {
    turnedAt = performance.now();
  }, LOOP_TICK_MS);
  ticker.unref();
  return {
    /** Milliseconds since the timers last ran (up to LOOP_TICK_MS when the loop is free). */
    sinceTurn: () => performance.now() - turnedAt,
    /** Lets the loop turn once (setImmediate). */
    turn: () => new Promise<void>((resolve) => setImmediate(resolve)),
    stop: () => clearInterval(ticker),
  };
};
