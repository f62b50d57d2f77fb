import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from './messages.js';

/**
 * Issue 16: no error is built from a sentence. The types refuse one already (the helpers take catalogue keys); this scan
 * of the server's sources keeps it so: a string given to `fieldError`, `notFound`, `forbidden`, `conflict` or as an
 * `AppError`'s message is a catalogue key, never a template; nothing sends a `{ message }` body of its own; only the
 * readers' ingest passes text through untranslated (`untranslated(`: reasons for readers' integrators).
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|[.-]fixtures\.ts$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
const files = sourceFiles(SRC).map((path) => ({
  name: relative(SRC, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));
const isKey = (text: string) => Object.hasOwn(catalogue, text);

/** The string literals given as a message: first argument of the helpers, second of fieldError, an AppError's message. */
const MESSAGE_ARGUMENTS = [
  /\b(?:notFound|forbidden|conflict)\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1(?=\s*[,)])/g,
  /\bfieldError\(\s*[^,]+,\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1(?=\s*[,)])/g,
  /\bnew AppError\(\s*'[A-Z_]+',\s*\{\s*message:\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1(?=\s*[,}])/g,
];

describe('no message built from a sentence', () => {
  it('finds the throw sites (the scan works)', () => {
    const count = files.reduce(
      (sum, { text }) => sum + MESSAGE_ARGUMENTS.reduce((n, pattern) => n + [...text.matchAll(pattern)].length, 0),
      0,
    );
    expect(count).toBeGreaterThan(100);
  });

  it('gives every error helper and AppError a catalogue key, never a sentence or a template', () => {
    const bad = files.flatMap(({ name, text }) =>
      MESSAGE_ARGUMENTS.flatMap((pattern) =>
        [...text.matchAll(pattern)]
          .filter((match) => match[1] === '`' || !isKey(match[2] ?? ''))
          .map((match) => `${name}: ${match[0]}`),
      ),
    );
    expect(bad).toEqual([]);
  });

  it('sends no error body of its own ({ message: … }) and passes text untranslated only in the readers ingest', () => {
    // app.ts passes Fastify's own 4xx texts (bad JSON, unsupported media type …) with their `http.<FST code>` code.
    const ownBodies = files.filter(({ text }) => /\.send\(\s*\{\s*message\s*:/.test(text)).map(({ name }) => name);
    expect(ownBodies).toEqual(['app.ts']);
    const untranslated = files
      .filter(({ name, text }) => /\buntranslated\(/.test(text) && !name.startsWith('i18n/'))
      .map(({ name }) => name);
    expect(untranslated.every((name) => name.startsWith('modules/ingest/'))).toBe(true);
  });
});
