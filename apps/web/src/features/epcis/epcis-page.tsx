import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TitleText } from '../../components/page-title';
import { EpcisFilterForm } from './epcis-filters';
import { EpcisResults } from './epcis-results';
import { useEpcis } from './use-epcis';

/**
 * EPCIS events (/epcis, issue 27): the GS1 EPCIS 2.0 events the user sees (the items ledger's and those captured),
 * queried by type, time, EPC, business step, disposition and location through the standard's query interface
 * (/epcis/events); a page at a time, and the whole answer downloadable as an EPCIS 2.0 JSON-LD document.
 */
export const EpcisPage = () => {
  const { t } = useTranslation(['epcis', 'common']);
  const state = useEpcis();
  const { error } = state;
  return (
    <Stack spacing={2} data-testid="epcis-page">
      <div>
        <TitleText title={t('title')} subtitle={t('subtitle')} />
      </div>
      <EpcisFilterForm state={state} />
      {error && (
        <Alert severity="error" data-testid="epcis-error">
          {error}
        </Alert>
      )}
      <EpcisResults state={state} />
    </Stack>
  );
};
