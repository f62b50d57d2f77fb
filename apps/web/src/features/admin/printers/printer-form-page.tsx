import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { PRINTER_DPIS, type PrinterCreateBody, printerCreateBodySchema, printerUpdateBodySchema } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { FormStatus } from '../../../components/form-alert';
import { usePrinter } from '../api/get-printer';
import { useSavePrinter } from '../api/save-printer';
import { AdminRecordForm, textFieldsOf } from '../shared/admin-form';
import { FullRow } from '../shared/admin-page';
import { errorText, toId } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';
import { AreaSelect, type Option } from '../shared/selects';

type PrinterForm = {
  description: string;
  mac: string;
  location_area: number;
  ip_address: string;
  port: string;
  /** Print head resolution: label templates are scaled to it. */
  dpi: string;
};
const emptyForm: PrinterForm = { description: '', mac: '', location_area: 0, ip_address: '', port: '', dpi: '203' };

/**
 * Add printer and printer edit: description, MAC, area, IP, service port and print head resolution (203, 300 or 600 dpi).
 * Add requires MAC, area, IP and port; edit also requires the description (the contract's schemas, spec section 5).
 */
export const PrinterFormPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const printer = usePrinter(id);
  const save = useSavePrinter();
  const [status, setStatus] = useState<FormStatus>(null);
  const [area, setArea] = useState<Option | null>(null);
  const { register, handleSubmit, reset, setValue, formState } = useForm<PrinterForm>({
    resolver: zodResolver(isEdit ? printerUpdateBodySchema : printerCreateBodySchema) as unknown as Resolver<PrinterForm>,
    defaultValues: emptyForm,
  });
  const { errors } = formState;
  useEffect(() => {
    if (!printer.data) return;
    const { description, mac, ip_address, port, location_area, dpi } = printer.data;
    reset({ description, mac, ip_address, port: String(port), location_area: location_area.id, dpi: String(dpi) });
    setArea(location_area);
  }, [printer.data, reset]);

  const submit = handleSubmit((values) => {
    setStatus(null);
    const body = values as unknown as PrinterCreateBody; // parsed by the contract schema (port is a number)
    save.mutate(
      { id: isEdit ? id : undefined, body },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', message: t(isEdit ? 'printers.updated' : 'printers.added') });
          if (isEdit) return;
          reset(emptyForm);
          setArea(null);
        },
        onError: (error) => setStatus(adminErrorStatus(error, t('printers.failed'))),
      },
    );
  });
  const title = t(isEdit ? 'printers.editTitle' : 'printers.addTitle');
  const text = textFieldsOf(register, errors);
  return (
    <AdminRecordForm
      title={title}
      testId="printer-form"
      isEdit={isEdit}
      record={printer}
      onSubmit={submit}
      status={status}
      setStatus={setStatus}
      isSaving={save.isPending}
    >
      {text('description', t('printers.description'))}
      {text('mac', t('printers.mac'), { placeholder: 'AA:BB:CC:DD:EE:FF' })}
      <FullRow>
        <AreaSelect
          name="area"
          label={t('printers.area')}
          value={area}
          onChange={(option) => {
            setArea(option);
            setValue('location_area', option?.id ?? 0, { shouldValidate: formState.isSubmitted });
          }}
          error={errorText(errors.location_area)}
        />
      </FullRow>
      {text('ip_address', t('printers.ip'), { placeholder: '192.168.1.50' })}
      {text('port', t('printers.port'), { inputMode: 'numeric', placeholder: '9100' })}
      <TextField
        select
        fullWidth
        label={t('printers.dpi')}
        helperText={errorText(errors.dpi) ?? t('printers.dpiHelp')}
        error={Boolean(errors.dpi)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'printer-dpi' } }}
        {...register('dpi')}
      >
        {PRINTER_DPIS.map((dpi) => (
          <option key={dpi} value={String(dpi)}>
            {t('printers.dpiOption', { dpi })}
          </option>
        ))}
      </TextField>
    </AdminRecordForm>
  );
};
