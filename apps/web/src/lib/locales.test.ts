import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };

/** Every text of a translation file, with its key as a dotted path. */
const textsOf = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : textsOf(value, `${prefix}${key}.`),
  );
const keysOf = (tree: Tree): string[] => textsOf(tree).map(([key]) => key);
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
  // "(1 etiquetas)": a text that counts things has its singular and plural forms (i18next's _one/_other).
  // Figures that are not a count of nouns are listed.
  const NOT_PLURALS = new Set([
    'components.json:table.displayed',
    'inventory.json:create.typeMore',
    'order-wizard.json:box.typeMore',
    'printing.json:manual.typeMore',
    'stock.json:minimum.current',
    'stock.json:minimum.catalogDefault',
  ]);
  it.each(files)('%s: every text with {{count}} has plural forms', (file) => {
    for (const language of ['es', 'en']) {
      const missing = textsOf(read(language, file))
        .filter(
          ([key, text]) =>
            text.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key) && !NOT_PLURALS.has(`${file}:${key}`),
        )
        .map(([key]) => key);
      expect(missing, `${language}/${file}`).toEqual([]);
    }
  });
});
