import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dayjs locale and the pickers' own texts of each UI language. Both show days as DD/MM/YYYY and times on 24 hours
 * (spec section 7: display DD/MM/YYYY), English with British dayjs conventions rather than the US month-first ones;
 * month and weekday names and the week's first day follow the language.
 */
const PICKER_LOCALES = {
  es: { adapterLocale: 'es', localeText: esES.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { adapterLocale: 'en-gb', localeText: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

/**
 * The date pickers' localization, following the i18n language, around each picker (components/localized-pickers.tsx):
 * it loads with the pickers' code when a page first draws a date field (components/date-fields.tsx), not with the
 * signed-in shell, nor with /login (its 250 KB budget, e2e/performance/first-page).
 */
export const DateLocalization = ({ children }: { children: ReactNode }) => {
  // No suspense: the language is known before any namespace loads, and a change re-renders this.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const locale = i18n.language === 'en' ? PICKER_LOCALES.en : PICKER_LOCALES.es;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale.adapterLocale} localeText={locale.localeText}>
      {children}
    </LocalizationProvider>
  );
};
