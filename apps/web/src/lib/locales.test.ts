import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };

/** Every key of a translation file, as dotted paths. */
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
const read = (language: string, file: string): Tree =>
  JSON.parse(readFileSync(new URL(`${language}/${file}`, dir), 'utf8')) as Tree;

describe('translations', () => {
  const files = readdirSync(new URL('es/', dir)).filter((f) => f.endsWith('.json'));
  it('has the same files in Spanish and English', () => {
    expect(
      readdirSync(new URL('en/', dir))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });
  it.each(files)('%s has the same keys in Spanish and English', (file) => {
    expect(keysOf(read('en', file)).sort()).toEqual(keysOf(read('es', file)).sort());
  });
});
