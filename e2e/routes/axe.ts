import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Accessibility of a page with axe-core (issue 16): its source run in the page once (the walk then moves inside the
 * app, so it stays), then `axe.run` on the whole document. Only violations of serious or critical impact count.
 */
const require = createRequire(import.meta.url);
let source: string | undefined;
const axeSource = (): string => {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return source;
};

export type AxeViolation = { id: string; impact: string; help: string; targets: string[] };

/** The serious and critical violations of the page as it is shown now. */
export const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated as the page's own script would be, not added as a <script> tag: the app's Content-Security-Policy
  // (script-src 'self') blocks inline scripts, and the check must not loosen it (bypassCSP would hide its errors).
  if (!loaded) await page.evaluate(axeSource());
  return page.evaluate(async () => {
    type Result = {
      violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
    };
    // axe-core's global, injected above (its types are not loaded in the page's context).
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    // Colours as they end, not halfway: a button enabled as its data arrives fades from grey to its colour (MUI's
    // 250 ms transition), and axe read one mid-fade as low contrast (/track-epc's search button, 2026-11-25).
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(still);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const result = await axe.run(document, { resultTypes: ['violations'] }).finally(() => still.remove());
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.map(String).join(' ')),
      }));
  });
};
