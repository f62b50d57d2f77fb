import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './storage';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * One namespace per module: locales/<lng>/<namespace>.json, picked up without a central list. Each file is its own
 * chunk, loaded when first needed: the login page loads its language's `common` and `auth`, not every namespace of
 * both languages; the signed-in layout loads the rest of its language (`ALL_NAMESPACES`), as its pages and shared
 * labels read each other's namespaces ('orders:…'): at once, or, when the page opened first is one a phone opens
 * first, its own and the shell's first, the others once it is idle (app/first-pages.ts).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const fileOf = (lng: string, ns: string) => `../locales/${lng}/${ns}.json`;

/** Every namespace (those of Spanish; `locales.test.ts` checks English has the same). */
export const ALL_NAMESPACES = Object.keys(files).flatMap((file) => /locales\/es\/([\w-]+)\.json$/.exec(file)?.[1] ?? []);

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    const load = files[fileOf(lng, ns)];
    if (!load) {
      callback(new Error(`No translations for ${lng}/${ns}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * What a missing text reads (`key` is 'namespace:key'): its default value when given; nothing while its namespace is
 * still loading (the component shows it once loaded); the key only when its namespace is loaded and really lacks it,
 * a fault locales.test.ts and the journeys catch.
 */
export const missingText = (key: string, defaultValue?: string): string => {
  if (defaultValue !== undefined) return defaultValue;
  const separator = key.indexOf(':');
  const ns = key.slice(0, separator);
  const bare = key.slice(separator + 1);
  return i18n.isInitialized && i18n.hasLoadedNamespace(ns) ? bare : '';
};

const stored = localStorage.getItem(STORAGE_KEYS.language);
const isLanguage = (lng: string | null): lng is Language => LANGUAGES.some((known) => known === lng);

void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    // Spanish unless the user chose otherwise. Both languages have every key (locales.test.ts), so no fallback
    // language is loaded beside the chosen one.
    lng: isLanguage(stored) ? stored : 'es',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // A text asked for before its namespace arrived (a slow network) reads nothing until it does, never its key
    // ('errors.connection' on screen, issue 28): see `missingText`.
    appendNamespaceToMissingKey: true,
    parseMissingKeyHandler: (key, defaultValue) => missingText(key, defaultValue),
    // A page drawn before some namespace it reads arrived (the first page's, app/first-pages.ts) draws again once it did.
    react: { bindI18n: 'languageChanged loaded' },
  });

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
});

export default i18n;
