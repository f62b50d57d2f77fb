import { z } from 'zod';
import { catalogue, LANGUAGES, type Language, type Message, type MessageKey, render as renderMessage } from './messages.js';

/**
 * The language of an answer: the best of `Accept-Language` (RFC 9110 q-values; `es-ES` counts as `es`) among the
 * server's languages, else `fallback` (Spanish, the product's default language: spec section 9).
 */
export const pickLanguage = (header: string | undefined, fallback: Language): Language => {
  if (!header) return fallback;
  let best: { language: Language; q: number } | null = null;
  for (const [index, part] of header.split(',').entries()) {
    const [range = '', ...attributes] = part.trim().split(';');
    const qText = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
    const q = qText ? Number(qText.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const language = primary === '*' ? fallback : LANGUAGES.find((l) => l === primary);
    // Equal q: the first listed wins (index only breaks ties, never outranks a higher q).
    if (language && (!best || q > best.q)) best = { language, q: q - index * 1e-9 };
  }
  return best?.language ?? fallback;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&');

/** Each English text as a pattern (`{name}` matches any text), the longest literal first so the most specific wins. */
const englishPatterns = (Object.keys(catalogue) as MessageKey[])
  .filter((key) => !catalogue[key].en.startsWith('{'))
  .map((key) => {
    const text: string = catalogue[key].en;
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const source = text
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('(.+?)');
    return { key, names, pattern: new RegExp(`^${source}$`, 's'), literal: text.replace(/\{\w+\}/g, '').length };
  })
  .sort((a, b) => b.literal - a.literal);

/**
 * The message of an English text written by the contract (a Zod schema's own message, a CSV parser's problem) or a
 * library: its catalogue key and parameters, or `common.text` (passed through untranslated) when the catalogue has no
 * such text (i18n/messages.test.ts checks that the contract's texts are all there).
 */
export const fromEnglish = (text: string): Message => {
  for (const { key, names, pattern } of englishPatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (names.length === 0) return { key };
    return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return { key: 'common.text', params: { text } };
};

const zodLocales: Record<Language, ReturnType<typeof z.locales.en>> = { en: z.locales.en(), es: z.locales.es() };

/** One Zod issue as fastify-type-provider-zod hands it over: its code (`keyword`), message and other fields. */
export type ValidationIssue = { keyword?: string; message?: string; params?: Record<string, unknown> };

/** Zod's own text of an issue in `language`, or null when Zod's locale has none. */
const zodText = (issue: ValidationIssue, language: Language): string | null => {
  // The locale reads the issue's fields (code, origin, minimum, expected …): the ones the provider kept in `params`.
  const raw = { ...issue.params, code: issue.keyword, input: undefined } as Parameters<
    (typeof zodLocales)['en']['localeError']
  >[0];
  const result = zodLocales[language].localeError(raw);
  if (typeof result === 'string') return result;
  return result?.message ?? null;
};

/**
 * A validation issue in `language`, and its code: the contract's custom message by its catalogue key, or Zod's default
 * message in Zod's own locale (code `zod.<issue code>`).
 */
export const translateIssue = (issue: ValidationIssue, language: Language): { code: string; message: string } => {
  const message = issue.message ?? catalogue['common.invalid_value'].en;
  const own = fromEnglish(message);
  if (own.key !== 'common.text') {
    return { code: own.key, message: renderMessage(own, language) };
  }
  if (issue.keyword && zodText(issue, 'en') === message) {
    return { code: `zod.${issue.keyword}`, message: zodText(issue, language) ?? message };
  }
  return { code: `zod.${issue.keyword ?? 'custom'}`, message };
};
