import { Alert, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { ReaderConnection } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { Reader } from '../api/types';
import { translateMessage } from '../shared/messages';

type LinkKey = 'CONNECTED' | 'CONNECTING' | 'RETRYING' | 'NONE';
const linkColor: Record<LinkKey, 'success' | 'info' | 'warning' | 'default'> = {
  CONNECTED: 'success',
  CONNECTING: 'info',
  RETRYING: 'warning',
  NONE: 'default',
};
const linkKey = (reader: Reader): LinkKey => reader.llrp_link?.state ?? 'NONE';

/** The server's LLRP link to a reader as a chip (the last error as its tooltip); nothing for push readers. */
export const ReaderLinkChip = ({ reader }: { reader: Reader }) => {
  const { t } = useTranslation('admin');
  if (reader.connection_type !== ReaderConnection.Llrp) return null;
  const key = linkKey(reader);
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={linkColor[key]}
      label={`LLRP · ${t(`readers.llrp.states.${key}`)}`}
      data-testid={`llrp-link-${reader.serial_number}`}
    />
  );
  const error = reader.llrp_link?.last_error;
  return error ? <Tooltip title={translateMessage(error)}>{chip}</Tooltip> : chip;
};

/** The reader page's LLRP panel: the link's state, since when, its last report and last error. */
export const ReaderLinkPanel = ({ reader }: { reader: Reader }) => {
  const { t } = useTranslation('admin');
  if (reader.connection_type !== ReaderConnection.Llrp) return null;
  const link = reader.llrp_link;
  const key = linkKey(reader);
  const when = (iso: string | null | undefined) => formatDateTime(iso, t('readers.llrp.never'));
  return (
    <Alert severity={key === 'CONNECTED' ? 'success' : key === 'RETRYING' ? 'warning' : 'info'} data-testid="llrp-link">
      <Stack spacing={0.5}>
        <Typography variant="subtitle2">
          {t('readers.llrp.linkTitle')}: {t(`readers.llrp.states.${key}`)}
        </Typography>
        {link ? (
          <>
            <Typography variant="body2">
              {t('readers.llrp.connectedAt')}: {when(link.connected_at)}
            </Typography>
            <Typography variant="body2">
              {t('readers.llrp.lastReportAt')}: {when(link.last_report_at)}
            </Typography>
            {link.last_error && (
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="llrp-last-error">
                {t('readers.llrp.lastError')}: {translateMessage(link.last_error)}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2">{t('readers.llrp.noLink')}</Typography>
        )}
      </Stack>
    </Alert>
  );
};
