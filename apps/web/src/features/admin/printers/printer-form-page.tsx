import { TextField } from '@mui/material';
import { PRINTER_DPIS, type PrinterCreateBody, printerCreateBodySchema, printerUpdateBodySchema } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { usePrinter } from '../api/get-printer';
import { useSavePrinter } from '../api/save-printer';
import { AdminRecordForm } from '../shared/admin-form';
import { errorText } from '../shared/form-helpers';
import { AreaSelectField, type Option } from '../shared/selects';
import { useAdminFormPage } from '../shared/use-admin-form-page';

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
  const page = useAdminFormPage({
    section: 'printers',
    thing: 'printer',
    testId: 'printer-form',
    createSchema: printerCreateBodySchema,
    updateSchema: printerUpdateBodySchema,
    emptyForm,
  });
  const { t, id, isEdit, setStatus, errors, text } = page;
  const { register, handleSubmit, reset } = page.form;
  const printer = usePrinter(id);
  const save = useSavePrinter();
  const [area, setArea] = useState<Option | null>(null);
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
      { id: isEdit ? id : undefined, body, version: printer.data?.version },
      page.saveHandlers(() => {
        if (isEdit) return;
        reset(emptyForm);
        setArea(null);
      }),
    );
  });
  return (
    <AdminRecordForm {...page.recordFormOf(printer, save.isPending)} onSubmit={submit}>
      {text('description', t('printers.description'))}
      {text('mac', t('printers.mac'), { placeholder: 'AA:BB:CC:DD:EE:FF' })}
      <AreaSelectField
        control={page.form.control}
        name="location_area"
        label={t('printers.area')}
        area={area}
        onAreaChange={setArea}
      />
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
