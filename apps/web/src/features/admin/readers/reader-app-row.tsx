import DeleteIcon from '@mui/icons-material/Delete';
import SettingsIcon from '@mui/icons-material/Settings';
import { IconButton, Switch, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FormStatus } from '../../../components/form-alert';
import type { useSetAppRunning } from '../api/set-app-running';
import type { DeviceApplication } from '../api/types';
import { adminErrorStatus } from '../shared/messages';

/** One application of the reader: name, version, the running switch (and whether it is starting or stopping), config and delete. */
export const ReaderAppRow = ({
  app,
  isOn,
  running,
  setStatus,
  setEditing,
  setDeleting,
}: {
  app: DeviceApplication;
  isOn: boolean;
  running: ReturnType<typeof useSetAppRunning>;
  setStatus: (status: FormStatus) => void;
  setEditing: (app: DeviceApplication) => void;
  setDeleting: (app: DeviceApplication) => void;
}) => {
  const { t } = useTranslation('admin');
  return (
    <TableRow data-testid={`app-${app.application}`}>
      <TableCell>{app.application}</TableCell>
      <TableCell>{app.version_name || app.version}</TableCell>
      <TableCell>
        <Switch
          checked={app.desired_running}
          disabled={!isOn || running.isPending}
          onChange={(_, checked) =>
            running.mutate(
              { id: app.id, running: checked },
              { onError: (error) => setStatus(adminErrorStatus(error, t('nms.failed'))) },
            )
          }
          slotProps={{ input: { 'aria-label': `${t('nms.runningColumn')} ${app.application}` } }}
          data-testid={`app-switch-${app.application}`}
        />
        {app.desired_running !== app.running && (
          <Typography variant="caption" color="text.secondary" data-testid={`app-pending-${app.application}`}>
            {t(app.desired_running ? 'nms.starting' : 'nms.stopping')}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton onClick={() => setEditing(app)} aria-label={`${t('nms.config')} ${app.application}`}>
          <SettingsIcon fontSize="small" />
        </IconButton>
        <IconButton
          color="error"
          disabled={!isOn}
          onClick={() => setDeleting(app)}
          aria-label={`${t('nms.delete')} ${app.application}`}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
};
