import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/page-weight.js';
import { startBenchServer } from './web-server.js';

/** What the observer script records. */
export type Observed = { kind: string; at: number; end?: number; what: string };

/**
 * Paints, LCP candidates and long tasks, recorded in the page from its first byte into `window.__observed`, each
 * element described with its first `textLength` characters (web-profile.ts, web-phone-profile.ts). A string: tsx
 * would wrap the functions of a function literal in a helper the page does not have.
 */
export const observerScript = (textLength: number): string => `
  window.__observed = [];
  const describe = (node) => node
    ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') +
      (node.getAttribute('data-testid') ? '[' + node.getAttribute('data-testid') + ']' : '') +
      ' "' + (node.textContent || '').trim().slice(0, ${textLength}) + '"'
    : '(removed)';
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__observed.push({ kind: 'LCP', at: e.startTime, what: e.size + 'px² ' + describe(e.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__observed.push({ kind: 'paint', at: e.startTime, what: e.name });
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__observed.push({ kind: 'longtask', at: e.startTime, end: e.startTime + e.duration, what: e.duration.toFixed(0) + ' ms' });
  }).observe({ type: 'longtask', buffered: true });
`;

/** A timeline row: when (ms from the navigation's start, to sort by) and the line printed. */
export type TimelineLine = [number, string];

/**
 * What a loaded page recorded: the observer script's entries as timeline lines, and its navigation timing (response
 * end, DOMContentLoaded end).
 */
export const observedTimeline = async (
  page: Page,
): Promise<{ lines: TimelineLine[]; responseEnd: number; domContentLoaded: number }> => {
  const observed = await page.evaluate(() => (window as unknown as { __observed: Observed[] }).__observed);
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd };
  });
  const lines = observed.map(
    (o): TimelineLine => [
      o.at,
      `${o.kind.padEnd(8)} ${o.at.toFixed(0).padStart(5)}${o.end ? ` → ${o.end.toFixed(0).padStart(5)}` : '         '} ms ${o.what}`,
    ],
  );
  return { lines, ...nav };
};

/** Prints a page's timeline lines in the order of their times. */
export const printTimeline = (lines: TimelineLine[]): void => {
  for (const [, line] of lines.sort((a, b) => a[0] - b[0])) console.log(line);
};

/**
 * Starts the built server on an empty data folder (web-server.ts, on `port` when given) and headless Chromium, runs
 * `profile` with them, then closes the browser and stops the server.
 */
export const withServedBrowser = async (
  port: string | undefined,
  profile: (browser: Browser, baseURL: string) => Promise<void>,
): Promise<void> => {
  const root = path.resolve(import.meta.dirname, '../..');
  const { baseURL, ready, stop } = startBenchServer(root, port ? Number(port) : undefined);
  try {
    await ready();
    const browser = await launchBrowser();
    try {
      await profile(browser, baseURL);
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
};
