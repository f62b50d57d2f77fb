import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CsvFileField } from '../../components/csv-file-field';
import type { FormStatus } from '../../components/form-alert';
import { FormCard } from '../../components/form-card';
import { TitledPage } from '../../components/page-title';
import { type FormatChoice, FormatFields, PRINT_PATHS } from '../print-wizard';
import { useCreateCsvOrder } from './api/create-csv-order';
import { formatChoiceErrors, formatChoiceFields } from './components/format-choice-schema';
import { OrderFormFooter } from './components/order-form-footer';
import { printErrorStatus } from './components/print-form-status';
import { csvFileMessage, csvFileSchema } from './csv-file-rules';

/** The form: the tag type and format (sent as `tag_company_format`) and the .csv file, the multipart body's fields. */
const csvFormSchema = z.object({ ...formatChoiceFields, file: csvFileSchema });
type CsvForm = FormatChoice & { file: File | null };
// The schema checks the format by its id; the form keeps the whole format the select gives (its description shows).
const csvResolver = zodResolver(csvFormSchema, undefined, { raw: true }) as unknown as Resolver<CsvForm>;
const EMPTY: CsvForm = { tagType: null, format: null, file: null };

/**
 * Generate a print order from a CSV (spec section 2): tag type, tag format and a .csv of GTIN and quantity rows. The
 * file is required ('Select a file') and must be a .csv; the form resets after a success.
 */
export const CreateCsvPage = () => {
  const { t } = useTranslation('printing');
  const create = useCreateCsvOrder();
  const { handleSubmit, setValue, reset, watch, formState } = useForm<CsvForm>({
    // Raw: the file is sent as chosen. After a send, each change is checked again: the errors follow the fields.
    resolver: csvResolver,
    defaultValues: EMPTY,
  });
  const { tagType, format, file } = watch();
  const recheck = { shouldValidate: formState.isSubmitted };
  const [status, setStatus] = useState<FormStatus>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const fileError = csvFileMessage(formState.errors.file?.message, t);

  const choose = (next: FormatChoice) => {
    setValue('tagType', next.tagType, recheck);
    setValue('format', next.format, recheck);
  };

  // Nothing is sent while a field is wrong (no file, not a .csv, no tag type or format).
  const submit = handleSubmit(
    (values) => {
      setStatus(null);
      if (values.format && values.file) send(values.format.id, values.file);
    },
    () => setStatus(null),
  );
  const send = (formatId: number, chosen: File) => {
    create.mutate(
      { file: chosen, format: formatId },
      {
        onSuccess: (order) => {
          setStatus({ kind: 'success', message: t('messages.added', { id: order.id }) });
          setCreatedId(order.id);
          reset(EMPTY);
        },
        onError: (error) => setStatus(printErrorStatus(error, t)),
      },
    );
  };

  return (
    <TitledPage testId="create-csv-page" backTo={PRINT_PATHS.orders} title={t('csvPage.title')} subtitle={t('csvPage.subtitle')}>
      <FormCard onSubmit={() => void submit()}>
        <FormatFields value={{ tagType, format }} onChange={choose} errors={formatChoiceErrors(formState.errors, t)} />
        <CsvFileField
          chooseLabel={t('csv.choose')}
          noneLabel={t('csv.none')}
          file={file}
          onChange={(next) => setValue('file', next, recheck)}
          {...(fileError ? { error: fileError } : {})}
        />
        <OrderFormFooter
          status={status}
          onCloseStatus={() => setStatus(null)}
          createdId={createdId}
          isPending={create.isPending}
          submitLabel={t('csvPage.submit')}
          submitTestId="csv-submit"
        />
      </FormCard>
    </TitledPage>
  );
};
