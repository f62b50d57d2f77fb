import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, AlertTitle, Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import {
  LLRP_DEFAULT_PORT,
  LLRP_HOST_REQUIRED,
  ReaderConnection,
  type ReaderCreateBody,
  ReaderType,
  readerCreateBodySchema,
} from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { FormStatus } from '../../../components/form-alert';
import { useCurrentLocation } from '../../../lib/current-location';
import { saveLocation } from '../../../lib/storage';
import { useReader } from '../api/get-reader';
import { useRotateReaderKey } from '../api/rotate-reader-key';
import { useCreateReader, useUpdateReader } from '../api/save-reader';
import { AdminForm, AdminNotFound, selectFieldsOf, textFieldsOf } from '../shared/admin-form';
import { AdminPage, FullRow } from '../shared/admin-page';
import { errorText, toId } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';
import { readerTypeOptions, workingModeOptions } from '../shared/modes';
import { AreaSelect, type Option } from '../shared/selects';
import { useLoadedVersion, useStaleEdit } from '../shared/stale-edit';
import { ReaderApplications } from './reader-applications';
import { ReaderConnectionHelp } from './reader-connection-help';
import { ReaderLinkPanel } from './reader-link-state';

type ReaderForm = {
  serial_number: string;
  mac_address: string;
  locationArea1_id: number;
  working_mode: number;
  reader_type: number;
  connection_type: ReaderConnection;
  /** LLRP only; the antennas as typed ("1, 2, 4"; empty: all) and the power in dBm (empty: the reader's own). */
  llrp_host: string;
  llrp_port: string;
  llrp_antennas: string;
  llrp_power_dbm: string;
};
const emptyForm: ReaderForm = {
  serial_number: '',
  mac_address: '',
  locationArea1_id: 0,
  working_mode: 0,
  reader_type: 0,
  connection_type: ReaderConnection.Push,
  llrp_host: '',
  llrp_port: String(LLRP_DEFAULT_PORT),
  llrp_antennas: '',
  llrp_power_dbm: '',
};

/** "1, 2 4" → [1, 2, 4]; anything that is not a number stays NaN and fails the contract's check. */
const antennasOf = (text: string): number[] =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

const contractResolver = zodResolver(readerCreateBodySchema) as unknown as Resolver<ReaderForm>;
/**
 * The form as the API takes it (antennas as a list, empty power as null), checked with the contract's schema; an LLRP
 * reader needs its host (the server checks it too).
 */
const readerResolver: Resolver<ReaderForm> = async (values, context, options) => {
  const body = {
    ...values,
    llrp_antennas: antennasOf(values.llrp_antennas),
    llrp_power_dbm: values.llrp_power_dbm.trim() === '' ? null : values.llrp_power_dbm,
  } as unknown as ReaderForm;
  const result = await contractResolver(body, context, options);
  if (values.connection_type === ReaderConnection.Llrp && values.llrp_host.trim() === '') {
    return {
      values: {},
      errors: { ...result.errors, llrp_host: { type: 'required', message: LLRP_HOST_REQUIRED } },
    };
  }
  return result;
};

/** Add reader (shows the new device key once) and edit reader (plus its NMS state and applications). */
export const ReaderFormPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const reader = useReader(id);
  const create = useCreateReader();
  const update = useUpdateReader();
  const [status, setStatus] = useState<FormStatus>(null);
  const [deviceKey, setDeviceKey] = useState<string | null>(null);
  const [keySerial, setKeySerial] = useState('');
  const [isCopied, setCopied] = useState(false);
  const [isRotating, setRotating] = useState(false);
  const rotate = useRotateReaderKey();
  const [area, setArea] = useState<Option | null>(null);
  const headerLocation = useCurrentLocation();
  const navigate = useNavigate();
  // The reader just added in another location than the header's: the list (which follows the header) will not show it.
  const [elsewhere, setElsewhere] = useState<{ serial: string; location: { id: number; description: string } } | null>(null);
  const stale = useStaleEdit('reader');
  // The version edits and rotations are made from: the loaded reader's, or the one a rotation answered.
  const [version, setVersion] = useLoadedVersion(reader.data?.version);
  // Add and edit send the full form: both validate with the contract's create schema.
  const { register, handleSubmit, control, reset, watch, setValue, formState } = useForm<ReaderForm>({
    resolver: readerResolver,
    defaultValues: emptyForm,
  });
  const { errors } = formState;
  const isAll = watch('reader_type') === ReaderType.All;
  const isLlrp = watch('connection_type') === ReaderConnection.Llrp;

  useEffect(() => {
    if (reader.data) {
      const { serial_number, mac_address, working_mode, reader_type, locationArea1 } = reader.data;
      reset({
        serial_number,
        mac_address,
        working_mode,
        reader_type,
        locationArea1_id: locationArea1,
        connection_type: reader.data.connection_type ?? ReaderConnection.Push,
        llrp_host: reader.data.llrp_host ?? '',
        llrp_port: String(reader.data.llrp_port ?? LLRP_DEFAULT_PORT),
        llrp_antennas: (reader.data.llrp_antennas ?? []).join(', '),
        llrp_power_dbm: reader.data.llrp_power_dbm == null ? '' : String(reader.data.llrp_power_dbm),
      });
      setArea({ id: locationArea1, description: reader.data.description_area_locationArea1 });
    }
  }, [reader.data, reset]);

  const submit = handleSubmit((values) => {
    setStatus(null);
    setElsewhere(null);
    const body = values as unknown as ReaderCreateBody; // parsed by the contract schema (MAC normalised, antennas a list)
    const onError = (error: Error) => {
      if (!stale.catchStale(error)) setStatus(adminErrorStatus(error, t('readers.failed')));
    };
    if (isEdit) {
      update.mutate(
        { id, body, version },
        { onSuccess: () => setStatus({ kind: 'success', message: t('readers.updated') }), onError },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (created) => {
        setStatus({ kind: 'success', message: t('readers.added') });
        setElsewhere(
          headerLocation && created.location_id !== headerLocation.id
            ? { serial: created.serial_number, location: { id: created.location_id, description: created.location_description } }
            : null,
        );
        setDeviceKey(created.device_key);
        setKeySerial(created.serial_number);
        setCopied(false);
        reset(emptyForm);
        setArea(null);
      },
      onError,
    });
  });

  const copy = async () => {
    if (!deviceKey) return;
    await navigator.clipboard?.writeText(deviceKey).catch(() => undefined);
    setCopied(true);
  };
  const title = t(isEdit ? 'readers.editTitle' : 'readers.addTitle');
  if (isEdit && reader.isError) return <AdminNotFound title={title} />;
  const text = textFieldsOf(register, errors);
  const select = selectFieldsOf(control, errors);
  return (
    <Stack spacing={3}>
      <AdminPage title={title} hasBack maxWidth={900} testId="reader-form">
        <AdminForm
          onSubmit={submit}
          status={status}
          onStatusClose={() => setStatus(null)}
          isSaving={create.isPending || update.isPending}
          isLoading={isEdit && reader.isPending}
          stale={stale.alert(reader.refetch)}
          notice={
            (deviceKey || elsewhere) && (
              <Stack spacing={2}>
                {elsewhere && headerLocation && (
                  <Alert severity="info" data-testid="reader-elsewhere" sx={{ overflowWrap: 'anywhere' }}>
                    {t('readers.elsewhere.text', {
                      serial: elsewhere.serial,
                      location: elsewhere.location.description,
                      header: headerLocation.description,
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
                )}
                {deviceKey && (
                  <Alert
                    severity="warning"
                    data-testid="device-key"
                    // The message may shrink below its longest word (a flex item's default minimum is its content).
                    sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
                    action={
                      <Tooltip title={isCopied ? t('readers.copied') : t('readers.copy')}>
                        <IconButton color="inherit" onClick={() => void copy()} aria-label={t('readers.copy')}>
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
                    <ReaderConnectionHelp serial={keySerial || reader.data?.serial_number || ''} deviceKey={deviceKey} />
                  </Alert>
                )}
              </Stack>
            )
          }
          actions={
            isEdit && (
              <Button color="warning" onClick={() => setRotating(true)} data-testid="rotate-key">
                {t('readers.rotateKey')}
              </Button>
            )
          }
        >
          {text('serial_number', t('readers.serial'))}
          {text('mac_address', t('readers.mac'), { placeholder: 'AA:BB:CC:DD:EE:FF' })}
          <FullRow>
            <AreaSelect
              name="area"
              label={t('readers.area')}
              value={area}
              onChange={(option) => {
                setArea(option);
                setValue('locationArea1_id', option?.id ?? 0, { shouldValidate: formState.isSubmitted });
              }}
              error={errorText(errors.locationArea1_id)}
            />
          </FullRow>
          {select('reader_type', t('readers.readerType'), readerTypeOptions(t))}
          {/* A new reader starts in any mode; an existing one changes mode only as reader type All (the server's rule). */}
          {select('working_mode', t('readers.workingMode'), workingModeOptions(t), {
            disabled: isEdit && !isAll,
            helperText: !isEdit || isAll ? undefined : t('readers.modeOnlyAll'),
          })}
          {select(
            'connection_type',
            t('readers.llrp.connectionType'),
            [
              { value: ReaderConnection.Push, label: t('readers.llrp.push') },
              { value: ReaderConnection.Llrp, label: t('readers.llrp.llrp') },
            ],
            { helperText: t(isLlrp ? 'readers.llrp.llrpHint' : 'readers.llrp.pushHint') },
          )}
          {isLlrp && text('llrp_host', t('readers.llrp.host'), { placeholder: '192.168.1.50' })}
          {isLlrp && text('llrp_port', t('readers.llrp.port'), { inputMode: 'numeric' })}
          {isLlrp &&
            text('llrp_antennas', t('readers.llrp.antennas'), {
              placeholder: '1, 2, 3, 4',
              helperText: errorText(errors.llrp_antennas) ?? t('readers.llrp.antennasHint'),
            })}
          {isLlrp &&
            text('llrp_power_dbm', t('readers.llrp.power'), {
              inputMode: 'decimal',
              helperText: errorText(errors.llrp_power_dbm) ?? t('readers.llrp.powerHint'),
            })}
          {isEdit && reader.data && reader.data.connection_type === ReaderConnection.Llrp && (
            <FullRow>
              <ReaderLinkPanel reader={reader.data} />
            </FullRow>
          )}
        </AdminForm>
      </AdminPage>
      {isEdit && reader.data && <ReaderApplications mac={reader.data.mac_address} />}
      <ConfirmDialog
        open={isRotating}
        title={t('readers.rotateKey')}
        message={t('readers.rotateBody')}
        isDanger
        onClose={() => setRotating(false)}
        onConfirm={() =>
          rotate.mutateAsync(
            { id, version },
            {
              onSuccess: (answer) => {
                setDeviceKey(answer.device_key);
                setVersion(answer.version);
                setCopied(false);
              },
              onError: (error) => {
                if (!stale.catchStale(error)) setStatus(adminErrorStatus(error, t('readers.failed')));
              },
            },
          )
        }
      />
    </Stack>
  );
};
