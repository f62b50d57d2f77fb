import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './storage';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One namespace per module: locales/<lng>/<namespace>.json, picked up without a central list. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!lng || !ns) continue;
  resources[lng] = { ...resources[lng], [ns]: module.default };
}

void i18n.use(initReactI18next).init({
  resources,
  lng: localStorage.getItem(STORAGE_KEYS.language) ?? 'es',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
});

export default i18n;
