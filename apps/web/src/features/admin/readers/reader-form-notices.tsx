import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, AlertTitle, Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveLocation } from '../../../lib/storage';
import { ReaderConnectionHelp } from './reader-connection-help';
import type { ReaderElsewhere, ReaderFormState } from './use-reader-form';

/** The reader just added belongs to another location than the header's: a button switches the header to it. */
const ElsewhereAlert = ({ elsewhere, header }: { elsewhere: ReaderElsewhere; header: { description: string } }) => {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Alert severity="info" data-testid="reader-elsewhere" sx={{ overflowWrap: 'anywhere' }}>
      {t('readers.elsewhere.text', {
        serial: elsewhere.serial,
        location: elsewhere.location.description,
        header: header.description,
      })}
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          onClick={() => {
            saveLocation(elsewhere.location);
            void navigate('/administrador/devices');
          }}
          data-testid="reader-switch-location"
        >
          {t('readers.elsewhere.switch', { location: elsewhere.location.description })}
        </Button>
      </Box>
    </Alert>
  );
};

/** The device key, shown once, with a copy button and how to connect the reader. */
const DeviceKeyAlert = ({ state, deviceKey }: { state: ReaderFormState; deviceKey: string }) => {
  const { t } = useTranslation('admin');
  const { key, reader } = state;
  return (
    <Alert
      severity="warning"
      data-testid="device-key"
      // The message may shrink below its longest word (a flex item's default minimum is its content).
      sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
      action={
        <Tooltip title={key.isCopied ? t('readers.copied') : t('readers.copy')}>
          <IconButton color="inherit" onClick={() => void key.copy()} aria-label={t('readers.copy')}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      }
    >
      <AlertTitle>{t('readers.deviceKeyTitle')}</AlertTitle>
      <Box component="code" sx={{ wordBreak: 'break-all', fontSize: 14 }} data-testid="device-key-value">
        {deviceKey}
      </Box>
      <Box sx={{ mt: 1 }}>{t('readers.deviceKeyOnce')}</Box>
      <ReaderConnectionHelp serial={key.keySerial || reader.data?.serial_number || ''} deviceKey={deviceKey} />
    </Alert>
  );
};

/** The notices above the reader form: the reader added elsewhere and the device key (shown when either is). */
export const ReaderFormNotices = ({ state }: { state: ReaderFormState }) => {
  const { elsewhere, headerLocation } = state;
  const { deviceKey } = state.key;
  return (
    <Stack spacing={2}>
      {elsewhere && headerLocation && <ElsewhereAlert elsewhere={elsewhere} header={headerLocation} />}
      {deviceKey && <DeviceKeyAlert state={state} deviceKey={deviceKey} />}
    </Stack>
  );
};
