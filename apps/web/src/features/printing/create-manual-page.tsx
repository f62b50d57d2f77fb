import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card';
import { TitledPage } from '../../components/page-title';
import { AddGtinDialog } from '../catalog';
import { FormatFields, PRINT_PATHS } from '../print-wizard';
import { OrderFormFooter } from './components/order-form-footer';
import { ManualRows } from './manual/manual-rows';
import { ScanField } from './manual/scan-field';
import { useManualForm } from './manual/use-manual-form';

/**
 * Generate a print order by hand (spec section 2): tag type and format, GTIN and quantity rows added and removed, a
 * scan icon that focuses a hidden input reading a GS1-128 scan (the 14 digits after AI 01 are the GTIN), 'Create' for an
 * unknown GTIN. A row whose GTIN does not exist is flagged and the order is not created (spec sections 5 and 8).
 */
export const CreateManualPage = () => {
  const { t } = useTranslation('printing');
  const form = useManualForm();
  const { tagType, format, name } = form.values;
  const [creating, setCreating] = useState<{ key: string; gtin: string } | null>(null);

  return (
    <TitledPage testId="create-manual-page" backTo={PRINT_PATHS.orders} title={t('manual.title')} subtitle={t('manual.subtitle')}>
      <FormCard onSubmit={() => void form.submit()}>
        <FormatFields value={{ tagType, format }} onChange={form.choose} errors={form.formatErrors} />
        <TextField
          label={t('fields.name')}
          value={name}
          onChange={(event) => form.setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'manual-name' } }}
        />
        <ScanField onScan={form.readScan} note={form.scanNote} onCloseNote={form.closeScanNote} />
        <ManualRows form={form} onCreate={(key, gtin) => setCreating({ key, gtin })} />
        <OrderFormFooter
          status={form.status}
          onCloseStatus={form.closeStatus}
          createdId={form.createdId}
          isPending={form.isPending}
          submitLabel={t('manual.submit')}
          submitTestId="manual-submit"
        />
      </FormCard>
      <AddGtinDialog
        open={creating !== null}
        initialGtin={creating?.gtin ?? ''}
        onClose={() => setCreating(null)}
        onCreated={(item) => {
          const index = form.fields.findIndex((field) => field.id === creating?.key);
          if (index >= 0) form.patch(index, { gtin: item.gtin, description: item.description });
        }}
      />
    </TitledPage>
  );
};
