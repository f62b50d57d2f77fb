import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Script types a browser runs (no `type`, a JavaScript MIME type, `module`); a data block (`application/json`) is not. */
const RUNNABLE = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts `html` runs: the web build inlines its boot script in
 * index.html (apps/web/vite.config.ts, issue 30), which `script-src 'self'` alone would block. Only these exact
 * texts may run inline; any other inline script stays blocked.
 */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE.test(type)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
};

/** The inline scripts' CSP sources of the web build in `webDist` (its index.html), none without one. */
export const webAppScriptHashes = (webDist: string | undefined): string[] => {
  const file = webDist ? path.join(webDist, 'index.html') : undefined;
  return file && existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
};
