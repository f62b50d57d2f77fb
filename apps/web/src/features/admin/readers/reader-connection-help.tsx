import { Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

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
      <Table size="small" sx={{ '& td': { borderBottom: 'none', py: 0.25, px: 0.5, verticalAlign: 'top' } }}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{label}</TableCell>
              <TableCell>
                <Box component="code" sx={{ wordBreak: 'break-all', fontSize: 13 }}>
                  {value}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
