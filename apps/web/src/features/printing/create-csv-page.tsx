import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormStatus } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { PageTitle } from '../../components/page-title';
import { type FormatChoice, FormatFields, PRINT_PATHS } from '../print-wizard';
import { useCreateCsvOrder } from './api/create-csv-order';
import { CsvFileField, csvFileError } from './components/csv-file-field';
import { OrderFormFooter } from './components/order-form-footer';
import { printErrorStatus } from './components/print-form-status';

/**
 * Generate a print order from a CSV (spec section 2): tag type, tag format and a .csv of GTIN and quantity rows. The
 * file is required ('Please select file') and must be a .csv; the form resets after a success.
 */
export const CreateCsvPage = () => {
  const { t } = useTranslation('printing');
  const create = useCreateCsvOrder();
  const [choice, setChoice] = useState<FormatChoice>({ tagType: null, format: null });
  const [file, setFile] = useState<File | null>(null);
  const [isSubmitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const fileError = isSubmitted ? csvFileError(file, t) : undefined;
  const errors = isSubmitted
    ? {
        ...(choice.tagType === null ? { tagType: t('fields.selectTagType') } : {}),
        ...(choice.format === null ? { format: t('fields.selectFormat') } : {}),
      }
    : {};

  const submit = () => {
    setSubmitted(true);
    setStatus(null);
    if (csvFileError(file, t) || !choice.format || !file) return;
    create.mutate(
      { file, format: choice.format.id },
      {
        onSuccess: (order) => {
          setStatus({ kind: 'success', message: t('messages.added', { id: order.id }) });
          setCreatedId(order.id);
          setChoice({ tagType: null, format: null });
          setFile(null);
          setSubmitted(false);
        },
        onError: (error) => setStatus(printErrorStatus(error, t)),
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="create-csv-page">
      <PageTitle backTo={PRINT_PATHS.orders} title={t('csvPage.title')} subtitle={t('csvPage.subtitle')} />
      <FormCard onSubmit={submit}>
        <FormatFields value={choice} onChange={setChoice} errors={errors} />
        <CsvFileField file={file} onChange={setFile} {...(fileError ? { error: fileError } : {})} />
        <OrderFormFooter
          status={status}
          onCloseStatus={() => setStatus(null)}
          createdId={createdId}
          isPending={create.isPending}
          submitLabel={t('csvPage.submit')}
          submitTestId="csv-submit"
        />
      </FormCard>
    </Stack>
  );
};
