import { useEffect, useState } from 'react';

/** How long after mounting at the least, and at the most, before `useIdle` says the page is idle. */
const IDLE_AFTER_MS = 500;
const IDLE_AT_MOST_MS = 3_000;

/**
 * True once the browser had a moment with nothing to do, at least half a second after mounting (at most 3 s): the
 * time for what a first screen does not need (the header's search, tooltips and location picker's code), so that it
 * does not take the network and CPU the page's own code and data were loading with (issue 30, pages on a phone).
 */
export const useIdle = (): boolean => {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_AT_MOST_MS - IDLE_AFTER_MS });
      } else setIdle(true);
    }, IDLE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return isIdle;
};
