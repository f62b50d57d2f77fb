import { CircularProgress, type CircularProgressProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The one spinner of the app: MUI's CircularProgress with an accessible name ("Cargando…"), which axe requires of every
 * progress bar (aria-progressbar-name, serious; issue 28). Without suspending: it is shown while translations load, so
 * until `common` is there it reads the document's language word (never a raw key).
 */
export const Spinner = ({ label, ...props }: CircularProgressProps & { label?: string }) => {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  // Before the catalogue arrives (lib/i18n.ts loads it lazily) the word of the language the page is in.
  const fallback = document.documentElement.lang === 'en' ? 'Loading…' : 'Cargando…';
  return <CircularProgress aria-label={label ?? (ready ? t('loading') : fallback)} {...props} />;
};
