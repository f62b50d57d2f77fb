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
