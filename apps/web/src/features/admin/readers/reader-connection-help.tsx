import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/facts-card';

/**
 * What to paste into the reader's own web console, shown with a new (or rotated) device key:
 * Zebra IoT Connector's HTTP POST endpoint (authentication BASIC) and an Impinj webhook
 * (username and password) both post their tag events to the stream endpoint; readers that send
 * whole reading sets use `Authorization: Device <key>`.
 */
export const ReaderConnectionHelp = ({ serial, deviceKey }: { serial: string; deviceKey: string }) => {
  const { t } = useTranslation('admin');
  const origin = window.location.origin;
  const rows: [string, string][] = [
    [t('readers.connection.streamUrl'), `${origin}/api/readers/stream/`],
    [t('readers.connection.auth'), t('readers.connection.basic')],
    [t('readers.connection.user'), serial],
    [t('readers.connection.password'), deviceKey],
    [t('readers.connection.setsUrl'), `${origin}/api/readingsets/`],
    [t('readers.connection.header'), `Authorization: Device ${deviceKey}`],
  ];
  return (
    <Box sx={{ mt: 1.5 }} data-testid="reader-connection">
      <Typography variant="subtitle2">{t('readers.connection.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('readers.connection.hint')}
      </Typography>
      {/* The facts cards' `Field`s (label above value): a table's unbroken labels made the form wider than 390 px. */}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {rows.map(([label, value]) => (
          <Field key={label} label={label}>
            <Box component="code" sx={{ fontSize: 13 }}>
              {value}
            </Box>
          </Field>
        ))}
      </Box>
    </Box>
  );
};
