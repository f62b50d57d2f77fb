import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enShell from '../locales/en/shell.json';
import esAuth from '../locales/es/auth.json';
import esCommon from '../locales/es/common.json';
import esShell from '../locales/es/shell.json';
import { STORAGE_KEYS } from './storage';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const resources = {
  es: { common: esCommon, shell: esShell, auth: esAuth },
  en: { common: enCommon, shell: enShell, auth: enAuth },
} as const;

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
