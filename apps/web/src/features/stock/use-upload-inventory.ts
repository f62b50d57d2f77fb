import { zodResolver } from '@hookform/resolvers/zod';
import { intId } from '@rfid/contract';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorStatus, type FormStatus } from '../../components/form-alert';
import { formatQuantity } from '../../lib/format';
import { useLocationAreas } from './api/get-location-areas';
import { useUploadInventoryFile } from './api/upload-inventory-file';

/** The form: an area of the location (a row id, as the select gives it) and a .csv file (the multipart body). */
const uploadFormSchema = z.object({
  area: intId(),
  file: z
    .instanceof(File, { error: 'select' })
    .nullable()
    .refine((file) => file !== null, { error: 'select', abort: true })
    .refine((file) => file !== null && /\.csv$/i.test(file.name), 'csv'),
});
type UploadForm = { area: string; file: File | null };
// The contract's id reads any input (`unknown`); the select gives it the row's id as text.
const uploadResolver = zodResolver(uploadFormSchema, undefined, { raw: true }) as unknown as Resolver<UploadForm>;

/** The upload form's state for location `locationId`: the area, the file, their messages, and sending. */
export const useUploadInventory = (locationId: number) => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const [params] = useSearchParams();
  const form = useForm<UploadForm>({
    resolver: uploadResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { area: params.get('area') ?? '', file: null },
  });
  const { handleSubmit, setValue, clearErrors, watch, formState } = form;
  const area = watch('area');
  const file = watch('file');
  const errors = {
    area: formState.errors.area ? t('upload.areaRequired') : undefined,
    file: formState.errors.file ? t(formState.errors.file.message === 'csv' ? 'upload.onlyCsv' : 'upload.selectFile') : undefined,
  };
  const [status, setStatus] = useState<FormStatus>(null);
  const [doneArea, setDoneArea] = useState<number | null>(null);
  const areas = useLocationAreas(locationId);
  const upload = useUploadInventoryFile();

  const choose = (next: File | null) => {
    setValue('file', next);
    setStatus(null);
    clearErrors('file');
  };

  const submit = handleSubmit(
    (values) => {
      setStatus(null);
      if (values.file) send(Number(values.area), values.file);
    },
    () => setStatus(null),
  );
  const send = (areaId: number, chosen: File) => {
    upload.mutate(
      { areaId, file: chosen },
      {
        onSuccess: (result) => {
          const description = areas.data?.find((row) => row.id === areaId)?.description ?? '';
          setDoneArea(areaId);
          setStatus({
            kind: 'success',
            message: t('upload.done', {
              rows: formatQuantity(result.rows, i18n.language),
              gtins: formatQuantity(result.gtins, i18n.language),
              quantity: formatQuantity(result.quantity, i18n.language),
              area: description,
            }),
          });
          // The file is cleared for the next one; the success message stays.
          setValue('file', null);
        },
        onError: (error) => {
          const refused = errorStatus(error, t('common:errors.notCompleted'));
          setDoneArea(null);
          if (!refused) return;
          // The server's messages are in the user's language already (Accept-Language).
          setStatus({
            kind: 'error',
            message: refused.message,
            details: [...(refused.details ?? []), t('upload.refused')],
          });
        },
      },
    );
  };

  return { form, area, file, errors, status, setStatus, doneArea, choose, submit, isSending: upload.isPending };
};
