import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogue, LANGUAGES, type MessageKey, msg, render } from './messages.js';
import { fromEnglish, pickLanguage, translateIssue } from './translate.js';

const keys = Object.keys(catalogue) as MessageKey[];
const paramsOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Texts that are the same in both languages: pure parameters, the spec's words, and technical field names. */
const SAME_IN_BOTH = new Set<MessageKey>(['common.field_message', 'common.text']);

describe('the message catalogue', () => {
  it('has every key in both languages, not empty, with the same parameters', () => {
    expect(keys.length).toBeGreaterThan(150);
    for (const key of keys) {
      const entry: Record<string, string> = catalogue[key];
      for (const language of LANGUAGES) expect(entry[language]?.trim(), `${key} ${language}`).toBeTruthy();
      expect(paramsOf(catalogue[key].es), key).toEqual(paramsOf(catalogue[key].en));
    }
  });

  it('has Spanish texts that are translations (not the English one) but for a short list', () => {
    const same = keys.filter((key) => catalogue[key].es === catalogue[key].en && !SAME_IN_BOTH.has(key));
    expect(same).toEqual([]);
  });

  it('has stable, well-formed keys (they are the `code` of error bodies)', () => {
    for (const key of keys) expect(key).toMatch(/^[a-z]+\.[a-z0-9_]+$/);
    // One English text, one key, so that `fromEnglish` finds one meaning (the contract's duplicates excepted).
    const byText = new Map<string, MessageKey[]>();
    for (const key of keys) byText.set(catalogue[key].en, [...(byText.get(catalogue[key].en) ?? []), key]);
    const duplicated = [...byText.values()].filter((list) => list.length > 1).map((list) => list.join(' = '));
    expect(duplicated).toEqual([
      'upload.select_file = print.select_file',
      'upload.csv_only_uploaded = print.csv_only',
      'stock.file_max_rows = field.rows_max',
    ]);
  });

  it('renders parameters, and messages given as parameters in the same language', () => {
    const row = msg('stock.file_row', { row: 3, message: msg('stock.file_gtin_invalid', { value: 'x' }) });
    expect(render(row, 'en')).toBe("Row 3: 'x' is not a valid GTIN.");
    expect(render(row, 'es')).toBe("Fila 3: 'x' no es un GTIN válido.");
    expect(render('auth.bad_credentials', 'es')).toBe('No se puede iniciar sesión con las credenciales proporcionadas.');
  });
});

describe('Accept-Language', () => {
  it('picks the best language the server has, by q-value, else the default', () => {
    expect(pickLanguage(undefined, 'es')).toBe('es');
    expect(pickLanguage('', 'en')).toBe('en');
    expect(pickLanguage('en', 'es')).toBe('en');
    expect(pickLanguage('en-GB,en;q=0.9', 'es')).toBe('en');
    expect(pickLanguage('fr-FR,fr;q=0.9,en;q=0.8,es;q=0.7', 'es')).toBe('en');
    expect(pickLanguage('es;q=0.5,en;q=0.8', 'es')).toBe('en');
    expect(pickLanguage('en;q=0,es', 'en')).toBe('es');
    expect(pickLanguage('de, fr', 'es')).toBe('es');
    expect(pickLanguage('es-ES, en', 'en')).toBe('es');
    expect(pickLanguage('*', 'en')).toBe('en');
    expect(pickLanguage('en;q=abc', 'es')).toBe('es');
  });
});

/** Every string literal of the contract's sources that a Zod schema or a contract function uses as a message. */
const contractMessages = (): string[] => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contract/src');
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const patterns = [
      // { error: '…' } / { message: '…' } / error: "…"
      /\b(?:error|message): *(['"`])((?:(?!\1).)+)\1/g,
      // .min(1, '…'), .max(n, '…'), .refine(fn, '…') …
      /\.(?:min|max|regex|email|refine|length)\([^,()]*(?:\([^()]*\))?[^,()]*, *(['"`])((?:(?!\1).)+)\1/g,
      // requiredText('…'), intId('…') … (the helpers that take a field's message)
      /\b(?:requiredText|requiredInt|requiredId|intId|intIn|idField|intField|portNumber)\([^'"`)]*(['"`])((?:(?!\1).)+)\1/g,
      // const SOMETHING_MESSAGE = '…' and the message objects' entries (StickerMessages, PrintMessages)
      /\b[A-Z_]*(?:MESSAGE|REFUSED|REQUIRED) = *(['"`])((?:(?!\1).)+)\1/g,
    ];
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) {
        const text = match[2] ?? '';
        // A template's `${…}` is a parameter; the catalogue's `{name}` matches any text there.
        found.add(text.replace(/\$\{[^}]+\}/g, '1'));
      }
    }
  }
  return [...found].filter((text) => /[a-z]/i.test(text));
};

describe('the contract texts', () => {
  it('every message of the contract has its key (so that it is translated)', () => {
    const texts = contractMessages();
    expect(texts.length).toBeGreaterThan(60);
    // Not messages: the spec's words that the web translates itself, and print states.
    const notMessages = new Set(['Support ticket created', 'Orden cancelada correctamente.', 'Not found']);
    const missing = texts.filter((text) => !notMessages.has(text) && fromEnglish(text).key === 'common.text');
    expect(missing).toEqual([]);
  });

  it('finds keys and parameters of the texts the contract writes (the print CSV lines)', () => {
    expect(fromEnglish("Line 1: 'foo' is not a GTIN.")).toEqual({
      key: 'print.csv_not_gtin',
      params: { line: '1', value: 'foo' },
    });
    expect(render(fromEnglish("Line 1: 'foo' is not a GTIN."), 'es')).toBe("Línea 1: 'foo' no es un GTIN.");
    expect(fromEnglish('something else')).toEqual({ key: 'common.text', params: { text: 'something else' } });
  });
});

describe('Zod issues', () => {
  const issueOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected an issue');
    const [issue] = result.error.issues;
    if (!issue) throw new Error('expected an issue');
    const { code, message, path: _path, ...params } = issue;
    return { keyword: code, message, params };
  };

  it("renders Zod's own messages in Zod's locale, with a zod.<code> code", () => {
    const issue = issueOf(z.string().min(3), 'x');
    expect(translateIssue(issue, 'en')).toEqual({ code: 'zod.too_small', message: issue.message });
    const es = translateIssue(issue, 'es');
    expect(es.code).toBe('zod.too_small');
    expect(es.message).toMatch(/^Demasiado pequeño/);
  });

  it("renders the contract's custom messages by their catalogue key", () => {
    const issue = issueOf(z.string({ error: 'Please enter the email' }), undefined);
    expect(translateIssue(issue, 'es')).toEqual({ code: 'field.email_required', message: 'Introduzca el correo electrónico' });
    expect(translateIssue(issue, 'en')).toEqual({ code: 'field.email_required', message: 'Please enter the email' });
  });
});
