import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { printLogQuerySchema } from '@rfid/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTimeField } from '../../components/date-fields';
import { DownloadDialog } from '../../components/download-dialog';
import { FormCard } from '../../components/form-card';
import { TitledPage } from '../../components/page-title';

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** The form: the contract's print log query as the fields' local date-times, the FROM not after the TO ('order'). */
const impressionsSchema = printLogQuerySchema.refine(
  (range) => !range.printed_at__gte || !range.printed_at__lte || range.printed_at__gte <= range.printed_at__lte,
  { path: ['printed_at__lte'], message: 'order' },
);
type ImpressionsForm = z.input<typeof impressionsSchema>;
type DateField = keyof ImpressionsForm;

/**
 * Impressions download (spec section 2): two date-time fields, printed at from and to (both required: 'The FROM date
 * is required', 'The TO date is required'); the labels printed between them download as CSV with progress.
 */
export const ImpressionsPage = () => {
  const { t } = useTranslation('printing');
  const { handleSubmit, setValue, trigger, watch, formState } = useForm<ImpressionsForm>({
    resolver: zodResolver(impressionsSchema),
    defaultValues: {
      printed_at__gte: dayjs().subtract(30, 'day').startOf('day').format(LOCAL),
      printed_at__lte: dayjs().endOf('day').format(LOCAL),
    },
  });
  const values = watch();
  const [query, setQuery] = useState<ImpressionsForm | null>(null);
  const { printed_at__gte: fromIssue, printed_at__lte: toIssue } = formState.errors;
  const errors: Record<DateField, string | undefined> = {
    printed_at__gte: fromIssue ? t('impressions.fromRequired') : undefined,
    printed_at__lte: toIssue ? t(toIssue.message === 'order' ? 'impressions.order' : 'impressions.toRequired') : undefined,
  };

  /** After a download is asked, both fields are checked again on each change (the order is theirs together). */
  const change = (field: DateField, value: string) => {
    setValue(field, value);
    if (formState.isSubmitted) void trigger();
  };

  const download = handleSubmit((range) =>
    setQuery({
      printed_at__gte: dayjs(range.printed_at__gte).startOf('minute').toISOString(),
      printed_at__lte: dayjs(range.printed_at__lte).endOf('minute').toISOString(),
    }),
  );

  const dateField = (field: DateField, label: string, testId: string) => (
    <DateTimeField
      label={label}
      value={values[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
      fullWidth
      testId={testId}
    />
  );

  return (
    <TitledPage testId="impressions-page" title={t('impressions.title')} subtitle={t('impressions.subtitle')}>
      <FormCard onSubmit={() => void download()}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {dateField('printed_at__gte', t('impressions.from'), 'impressions-from')}
          {dateField('printed_at__lte', t('impressions.to'), 'impressions-to')}
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" startIcon={<DownloadIcon />} data-testid="impressions-download">
            {t('impressions.download')}
          </Button>
        </Stack>
      </FormCard>
      <DownloadDialog
        open={query !== null}
        onClose={() => setQuery(null)}
        path="/printer/print_log/"
        query={query ?? {}}
        fileName="print-log.csv"
        title={t('impressions.dialog')}
      />
    </TitledPage>
  );
};
