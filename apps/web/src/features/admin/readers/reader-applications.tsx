import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert, type FormStatus } from '../../../components/form-alert';
import { SimpleDialog } from '../../../components/simple-dialog';
import { Spinner } from '../../../components/spinner';
import { useDeleteDeviceApp } from '../api/delete-device-app';
import { useAvailableApps } from '../api/get-available-apps';
import { useDeviceApps } from '../api/get-device-apps';
import { useNmsDevice } from '../api/get-nms-device';
import { useInstallDeviceApp } from '../api/install-device-app';
import { useSetAppRunning } from '../api/set-app-running';
import type { DeviceApplication } from '../api/types';
import { useUpdateDeviceApp } from '../api/update-device-app';
import { useUpdateDeviceFirmware } from '../api/update-device-firmware';
import { AdminPage } from '../shared/admin-page';
import { adminErrorStatus } from '../shared/messages';
import { ReaderAppRow } from './reader-app-row';

/**
 * The reader's state and applications from the network management service (/nms). Switches,
 * configuration Save and Delete are disabled while the reader is OFF.
 */
export const ReaderApplications = ({ mac }: { mac: string }) => {
  const { t } = useTranslation('admin');
  const device = useNmsDevice(mac);
  const apps = useDeviceApps(device.data?.id);
  const running = useSetAppRunning();
  const remove = useDeleteDeviceApp();
  const [status, setStatus] = useState<FormStatus>(null);
  const [editing, setEditing] = useState<DeviceApplication | null>(null);
  const [deleting, setDeleting] = useState<DeviceApplication | null>(null);
  const [isInstalling, setInstalling] = useState(false);
  const [isUpdating, setUpdating] = useState(false);
  const isOn = device.data?.state === 'ON';
  const isUnavailable = device.isError || apps.isError;

  return (
    <AdminPage
      title={t('nms.title')}
      maxWidth={900}
      testId="reader-applications"
      actions={
        device.data && (
          <Chip color={isOn ? 'success' : 'default'} label={t(isOn ? 'nms.running' : 'nms.stopped')} data-testid="reader-state" />
        )
      }
    >
      {isUnavailable && (
        <Alert severity="error" data-testid="nms-unavailable">
          {t('nms.unavailable')}
        </Alert>
      )}
      {!isUnavailable && (device.isPending || apps.isPending) && <Spinner />}
      {!isUnavailable && device.isSuccess && !device.data && <Typography color="text.secondary">{t('nms.notFound')}</Typography>}
      {apps.data && (
        <Stack spacing={2}>
          {!isOn && <Alert severity="info">{t('nms.offHint')}</Alert>}
          {isOn && device.data?.nms_connected === false && <Alert severity="warning">{t('nms.disconnected')}</Alert>}
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('nms.application')}</TableCell>
                  <TableCell>{t('nms.version')}</TableCell>
                  <TableCell>{t('nms.runningColumn')}</TableCell>
                  <TableCell align="right">{t('nms.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {apps.data.map((app) => (
                  <ReaderAppRow
                    key={app.id}
                    app={app}
                    isOn={isOn}
                    running={running}
                    setStatus={setStatus}
                    setEditing={setEditing}
                    setDeleting={setDeleting}
                  />
                ))}
                {apps.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <Typography color="text.secondary">{t('nms.noApps')}</Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button startIcon={<AddIcon />} disabled={!isOn} onClick={() => setInstalling(true)} data-testid="install-app">
              {t('nms.install')}
            </Button>
            <Button disabled={!isOn} onClick={() => setUpdating(true)} data-testid="update-firmware">
              {t('nms.updateFirmware')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('nms.firmware', { version: device.data?.version || '—' })}
            </Typography>
          </Stack>
          <FormAlert status={status} onClose={() => setStatus(null)} />
        </Stack>
      )}
      {isUpdating && device.data && (
        <FirmwareDialog
          device={device.data.id}
          onClose={() => setUpdating(false)}
          onSent={() => setStatus({ kind: 'success', message: t('nms.updateSent') })}
        />
      )}
      {isInstalling && device.data && (
        <InstallDialog
          device={device.data.id}
          installed={(apps.data ?? []).map((app) => app.application)}
          onClose={() => setInstalling(false)}
        />
      )}
      {editing && <ConfigDialog app={editing} isOn={isOn} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('nms.deleteTitle')}
        message={t('nms.deleteBody', { name: deleting?.application })}
        isDanger
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutateAsync(deleting.id, { onError: (error) => setStatus(adminErrorStatus(error, t('nms.failed'))) })
        }
      />
    </AdminPage>
  );
};

type Pair = { key: string; value: string };
const PAIR_FIELDS = ['key', 'value'] as const;

/** Configuration as key/value text fields; Save is disabled while the reader is OFF. */
const ConfigDialog = ({ app, isOn, onClose }: { app: DeviceApplication; isOn: boolean; onClose: () => void }) => {
  const { t } = useTranslation('admin');
  const update = useUpdateDeviceApp();
  const [pairs, setPairs] = useState<Pair[]>(Object.entries(app.config ?? {}).map(([key, value]) => ({ key, value })));
  const [status, setStatus] = useState<FormStatus>(null);
  const setPair = (index: number, patch: Partial<Pair>) =>
    setPairs((current) => current.map((pair, position) => (position === index ? { ...pair, ...patch } : pair)));
  const save = () => {
    const config = Object.fromEntries(pairs.filter((pair) => pair.key.trim()).map((pair) => [pair.key.trim(), pair.value]));
    update.mutate(
      { id: app.id, device: app.device, version: app.version, config },
      { onSuccess: onClose, onError: (error) => setStatus(adminErrorStatus(error, t('nms.failed'))) },
    );
  };
  return (
    <SimpleDialog
      open
      onClose={onClose}
      title={t('nms.configTitle', { name: app.application })}
      testId="config-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('nms.close')}</Button>
          <Button variant="contained" onClick={save} disabled={!isOn || update.isPending} data-testid="config-save">
            {t('nms.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        {pairs.map((pair, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {PAIR_FIELDS.map((field) => (
              <TextField
                key={field}
                size="small"
                label={t(field === 'key' ? 'nms.key' : 'nms.value')}
                value={pair[field]}
                onChange={(event) => setPair(index, { [field]: event.target.value })}
                sx={{ flex: 1 }}
              />
            ))}
            <IconButton
              onClick={() => setPairs((current) => current.filter((_, position) => position !== index))}
              aria-label={t('nms.removeKey')}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => setPairs((current) => [...current, { key: '', value: '' }])}>
            {t('nms.addKey')}
          </Button>
        </Box>
        <FormAlert status={status} />
      </Stack>
    </SimpleDialog>
  );
};

/** Install one of the available applications on the reader (POST /nms/deviceapp/). */
const InstallDialog = ({ device, installed, onClose }: { device: number; installed: string[]; onClose: () => void }) => {
  const { t } = useTranslation('admin');
  const available = useAvailableApps(true);
  const install = useInstallDeviceApp();
  const [choice, setChoice] = useState('');
  const [status, setStatus] = useState<FormStatus>(null);
  const options = (available.data ?? []).filter((app) => !installed.includes(app.application));
  const chosen = options.find((app) => app.application === choice);
  return (
    <SimpleDialog
      open
      onClose={onClose}
      title={t('nms.install')}
      testId="install-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('nms.close')}</Button>
          <Button
            variant="contained"
            disabled={!chosen || install.isPending}
            onClick={() =>
              chosen &&
              install.mutate(
                { device, application: chosen.application, version: chosen.version },
                { onSuccess: onClose, onError: (error) => setStatus(adminErrorStatus(error, t('nms.failed'))) },
              )
            }
          >
            {t('nms.install')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {available.isError && <Alert severity="error">{t('nms.unavailable')}</Alert>}
        <TextField select label={t('nms.application')} value={choice} onChange={(event) => setChoice(event.target.value)}>
          {options.map((app) => (
            <MenuItem key={app.application} value={app.application}>
              {app.application} ({app.version_name || app.version})
            </MenuItem>
          ))}
        </TextField>
        <FormAlert status={status} />
      </Stack>
    </SimpleDialog>
  );
};

/** Ask the reader to update its firmware to a version (POST /nms/device/{id}/update_device/). */
const FirmwareDialog = ({ device, onClose, onSent }: { device: number; onClose: () => void; onSent: () => void }) => {
  const { t } = useTranslation('admin');
  const update = useUpdateDeviceFirmware();
  const [version, setVersion] = useState('');
  const [status, setStatus] = useState<FormStatus>(null);
  return (
    <SimpleDialog
      open
      onClose={onClose}
      title={t('nms.updateFirmware')}
      maxWidth="xs"
      testId="firmware-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('nms.close')}</Button>
          <Button
            variant="contained"
            disabled={!version.trim() || update.isPending}
            onClick={() =>
              update.mutate(
                { id: device, version: version.trim() },
                {
                  onSuccess: () => {
                    onSent();
                    onClose();
                  },
                  onError: (error) => setStatus(adminErrorStatus(error, t('nms.failed'))),
                },
              )
            }
          >
            {t('nms.send')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label={t('nms.version')} value={version} onChange={(event) => setVersion(event.target.value)} />
        <FormAlert status={status} />
      </Stack>
    </SimpleDialog>
  );
};
