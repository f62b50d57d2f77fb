import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offStyleDates } from './date-style';

/**
 * The writing guide (docs/writing-guide.md) over the catalogues: Spanish speaks as usted, never tú; no 12-hour times
 * and no DD-MM-YYYY dates written into a text; English is direct and in sentence case. Each offender is reported as
 * `<language>/<file>:<key> = "<value>" (<rule>)`, so a failure says what to rewrite.
 */
const dir = new URL('../locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };

const textsOf = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : textsOf(value, `${prefix}${key}.`),
  );

/** Every text of a language's catalogue: [where ("es/stock.json:upload.selectFile"), value]. */
const catalogue = (language: 'es' | 'en'): [string, string][] =>
  readdirSync(new URL(`${language}/`, dir))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      textsOf(JSON.parse(readFileSync(new URL(`${language}/${file}`, dir), 'utf8')) as Tree).map(
        ([key, value]): [string, string] => [`${language}/${file}:${key}`, value],
      ),
    );

/** The text a user reads: without {{placeholders}}, <tags> and $t(…) nestings. */
const readable = (value: string): string => value.replace(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/g, ' ');

const LETTER = 'a-záéíóúüñ';
/** Any of `words` as a whole word, in any case; not after "se" ("se añade" is impersonal, not tú). */
const wholeWords = (words: string[]): RegExp =>
  new RegExp(`(?<![${LETTER}])(?<!(^|[^${LETTER}])se\\s)(${words.join('|')})(?![${LETTER}])`, 'iu');

/** Tú forms: imperatives, possessives, pronouns and verbs of the second person singular (usted: Elija, su, puede…). */
const TU_WORDS = wholeWords([
  'elige',
  'selecciona',
  'introduce',
  'escribe',
  'añade',
  'revisa',
  'pulsa',
  'comprueba',
  'inténtalo',
  'intenta',
  'vuelve a intentarlo',
  'enfoca',
  'asegúrate',
  'cuéntanos',
  'escríbenos',
  'contáctanos',
  'hazlo',
  'tú',
  'tu',
  'tus',
  'ti',
  'contigo',
  'te',
  'puedes',
  'quieres',
  'debes',
  'tienes',
  'necesitas',
  'has',
  'estás',
  'eres',
  'podrás',
  'verás',
  'recibirás',
]);
/**
 * Tú imperatives that are also nouns or third persons ("Marca" is a brand, "Prueba recibida", "se crea la orden"):
 * wrong where a sentence starts with them and an article or a determiner follows ("Crea una orden", "Marca las líneas").
 */
const TU_OPENINGS = new RegExp(
  `(^|[.:;!?¡¿]\\s+)(crea|marca|usa|abre|guarda|cambia|elimina|borra|sube|busca|indica|acerca|deja|copia|escanea|envía|vuelve|prueba|espera|descarga|consulta)\\s+(el|la|los|las|un|una|unos|unas|lo|su|sus|tu|tus|este|esta|estos|estas|ese|esa|otro|otra|antes|aquí|ahora|primero)(?![${LETTER}])`,
  'iu',
);
/** English that is not direct: "Click here", "Please…". */
const EN_INDIRECT = /\b(click here|please)\b/i;
/** Names and acronyms written with capitals in any sentence. */
const PROPER = new Set(
  'GTIN GTINs EPC EPCs RFID EPCIS GS1 LLRP API CSV ERP POS MAC IP ZPL JSON HTTP HTTPS MQTT URI URL ID SGTIN SSCC ROSpec NMS NiceLabel Zebra Impinj Digital Link Bionix Excel PostgreSQL UTC PNG JPEG GIF WebP PDF QR GS1-128 TLS SSE EAN UPC Lines IoT Connector Device Interface Speedway Authorization Bearer X-API-Key Cloud OK NFC UHF EU Madrid Spanish English Español I'.split(
    ' ',
  ),
);
/** Names of several words, each capitalised (standards, products). */
const PROPER_NAMES = ['GS1 Global Location Number', 'Standard Webhooks', 'Digital Link', 'IoT Connector', 'IoT Device Interface'];
/** Title Case in English: two or more words after the first capitalised that are not names (sentence case instead). */
const titleCase = (value: string): boolean =>
  PROPER_NAMES.reduce((text, name) => text.replaceAll(name, 'name'), readable(value))
    .split(/(?<=[.:;!?])\s+|\s[—–-]\s|\n/)
    .some((sentence) => {
      const words = sentence
        .split(/[\s/(),«»"“”]+/)
        .filter(Boolean)
        .slice(1);
      return words.filter((word) => /^[A-Z][a-z]/.test(word) && !PROPER.has(word.replace(/[^\w-]+$/, ''))).length >= 2;
    });

type Offender = string;
const check = (language: 'es' | 'en', rules: Array<{ name: string; fails: (text: string) => boolean }>): Offender[] =>
  catalogue(language).flatMap(([where, value]) =>
    rules.filter((rule) => rule.fails(readable(value))).map((rule) => `${where} = "${value}" (${rule.name})`),
  );

/** The Spanish texts of the server's messages (apps/server/src/i18n/messages.ts), read as text: [where, value]. */
const serverSpanish = (): [string, string][] =>
  [
    ...readFileSync(new URL('../../../server/src/i18n/messages.ts', import.meta.url), 'utf8').matchAll(
      /es: (['"`])((?:\\.|(?!\1).)*)\1/g,
    ),
  ].map((match): [string, string] => [`server/i18n/messages.ts`, match[2] ?? '']);

describe('writing guide (docs/writing-guide.md)', () => {
  it('Spanish speaks as usted: no tú imperative, possessive, pronoun or verb', () => {
    expect(
      check('es', [
        { name: 'tú form: use usted (Elija, Introduzca, su, puede)', fails: (text) => TU_WORDS.test(text) },
        { name: 'tú imperative opening a sentence: use usted (Cree, Marque)', fails: (text) => TU_OPENINGS.test(text) },
      ]),
    ).toEqual([]);
  });

  it("the server's Spanish messages speak as usted too", () => {
    const texts = serverSpanish();
    expect(texts.length).toBeGreaterThan(100);
    expect(
      texts
        .filter(([, value]) => TU_WORDS.test(readable(value)) || TU_OPENINGS.test(readable(value)))
        .map(([where, value]) => `${where} = "${value}"`),
    ).toEqual([]);
  });

  it('both languages: 24-hour times and DD/MM/YYYY dates', () => {
    const rules = [
      { name: 'date style: write DD/MM/YYYY HH:mm (24 hours)', fails: (text: string) => offStyleDates(text).length > 0 },
    ];
    expect([...check('es', rules), ...check('en', rules)]).toEqual([]);
  });

  it('English is direct and in sentence case', () => {
    expect(
      check('en', [
        { name: 'indirect: say what to do ("Select a file")', fails: (text) => EN_INDIRECT.test(text) },
        { name: 'Title Case: write sentence case', fails: titleCase },
      ]),
    ).toEqual([]);
  });

  it("the app's code shows dates only through lib/format.ts and components/date-fields.tsx", () => {
    // The browser's own date rendering follows the browser's locale, not the guide: "11/29/2026, 2:41 PM" from
    // toLocaleString, "mm/dd/yyyy, --:-- --" in a native date input of an English Chromium.
    const source = new URL('../', import.meta.url);
    const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const rule =
      /type=["'](date|datetime-local|time|month)["']|toLocaleDateString|toLocaleTimeString|new Date\([^)]*\)\.toLocaleString|Intl\.DateTimeFormat\([^)]*\)\.format/;
    expect(files.filter((file) => rule.test(readFileSync(new URL(file, source), 'utf8')))).toEqual([]);
  });

  // The rules must catch what they are for (a list that matches nothing would pass any catalogue).
  it('catches the forms it forbids', () => {
    expect(TU_WORDS.test('Elige una ubicación en la cabecera')).toBe(true);
    expect(TU_WORDS.test('Trazabilidad de tu stock')).toBe(true);
    expect(TU_WORDS.test('Inténtalo más tarde')).toBe(true);
    expect(TU_WORDS.test('Elija una ubicación; inténtelo más tarde con su stock')).toBe(false);
    expect(TU_OPENINGS.test('Marca las líneas para imprimir')).toBe(true);
    expect(TU_OPENINGS.test('Guardado. Crea una orden nueva')).toBe(true);
    expect(TU_WORDS.test('Su GTIN se añade')).toBe(false);
    expect(TU_OPENINGS.test('Marca')).toBe(false);
    expect(TU_OPENINGS.test('Se crea la orden')).toBe(false);
    expect(offStyleDates('29/11/2026, 2:41 am')).toEqual(['2:41 am']);
    expect(offStyleDates('a las 2:41 p. m.')).toEqual(['2:41 p. m.']);
    expect(offStyleDates('29-11-2026 02:41')).toEqual(['29-11-2026']);
    expect(offStyleDates('29/11/2026 14:41 · PO-2026-11-0001 · 2026-11-29')).toEqual([]);
    expect(EN_INDIRECT.test('Click here to upload')).toBe(true);
    expect(titleCase('Upload Inventory File')).toBe(true);
    expect(titleCase('Upload inventory file')).toBe(false);
    expect(titleCase('Send the GTIN to NiceLabel')).toBe(false);
  });
});
