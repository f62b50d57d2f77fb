import { LLRP_DEFAULT_PORT, ReaderConnection, type ReaderCreateBody, ReaderType } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { FormStatus } from '../../../components/form-alert';
import { useCurrentLocation } from '../../../lib/current-location';
import { useReader } from '../api/get-reader';
import { useRotateReaderKey } from '../api/rotate-reader-key';
import { useCreateReader, useUpdateReader } from '../api/save-reader';
import { toId } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';
import type { Option } from '../shared/selects';
import { useLoadedVersion, useStaleEdit } from '../shared/stale-edit';
import { emptyForm, type ReaderForm, readerResolver } from './reader-form';

/** The reader just added in another location than the header's. */
export type ReaderElsewhere = { serial: string; location: { id: number; description: string } };

/** The device key shown once (after adding a reader or rotating its key), for the reader `serial`. */
const useDeviceKey = () => {
  const [deviceKey, setDeviceKey] = useState<string | null>(null);
  const [keySerial, setKeySerial] = useState('');
  const [isCopied, setCopied] = useState(false);
  const show = (key: string, serial?: string) => {
    setDeviceKey(key);
    if (serial !== undefined) setKeySerial(serial);
    setCopied(false);
  };
  const copy = async () => {
    if (!deviceKey) return;
    await navigator.clipboard?.writeText(deviceKey).catch(() => undefined);
    setCopied(true);
  };
  return { deviceKey, keySerial, isCopied, show, copy };
};

/** The reader form's state: the reader being edited, the form, its status, the device key and the key rotation. */
export const useReaderForm = () => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const reader = useReader(id);
  const create = useCreateReader();
  const update = useUpdateReader();
  const [status, setStatus] = useState<FormStatus>(null);
  const key = useDeviceKey();
  const [isRotating, setRotating] = useState(false);
  const rotate = useRotateReaderKey();
  const [area, setArea] = useState<Option | null>(null);
  const headerLocation = useCurrentLocation();
  // The reader just added in another location than the header's: the list (which follows the header) will not show it.
  const [elsewhere, setElsewhere] = useState<ReaderElsewhere | null>(null);
  const stale = useStaleEdit('reader');
  // The version edits and rotations are made from: the loaded reader's, or the one a rotation answered.
  const [version, setVersion] = useLoadedVersion(reader.data?.version);
  // Add and edit send the full form: both validate with the contract's create schema.
  const form = useForm<ReaderForm>({ resolver: readerResolver, defaultValues: emptyForm });
  const { handleSubmit, reset, watch } = form;
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

  const onError = (error: Error) => {
    if (!stale.catchStale(error)) setStatus(adminErrorStatus(error, t('readers.failed')));
  };
  const submit = handleSubmit((values) => {
    setStatus(null);
    setElsewhere(null);
    const body = values as unknown as ReaderCreateBody; // parsed by the contract schema (MAC normalised, antennas a list)
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
        key.show(created.device_key, created.serial_number);
        reset(emptyForm);
        setArea(null);
      },
      onError,
    });
  });
  const rotateKey = () =>
    rotate.mutateAsync(
      { id, version },
      {
        onSuccess: (answer) => {
          key.show(answer.device_key);
          setVersion(answer.version);
        },
        onError,
      },
    );
  return {
    id,
    isEdit,
    reader,
    form,
    isAll,
    isLlrp,
    status,
    setStatus,
    isSaving: create.isPending || update.isPending,
    key,
    isRotating,
    setRotating,
    rotateKey,
    area,
    setArea,
    headerLocation,
    elsewhere,
    stale,
    submit,
  };
};

export type ReaderFormState = ReturnType<typeof useReaderForm>;
