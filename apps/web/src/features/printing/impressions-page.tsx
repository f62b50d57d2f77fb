import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack, TextField } from '@mui/material';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadDialog } from '../../components/download-dialog';
import { FormCard } from '../../components/form-card';
import { PageTitle } from '../../components/page-title';

const LOCAL = 'YYYY-MM-DDTHH:mm';

/**
 * Impressions download (spec section 2): two date-time fields, printed at from and to (both required: 'The FROM date
 * is required', 'The TO date is required'); the labels printed between them download as CSV with progress.
 */
export const ImpressionsPage = () => {
  const { t } = useTranslation('printing');
  const [from, setFrom] = useState(() => dayjs().subtract(30, 'day').startOf('day').format(LOCAL));
  const [to, setTo] = useState(() => dayjs().endOf('day').format(LOCAL));
  const [isSubmitted, setSubmitted] = useState(false);
  const [query, setQuery] = useState<{ printed_at__gte: string; printed_at__lte: string } | null>(null);
  const fromError = isSubmitted && !from ? t('impressions.fromRequired') : undefined;
  const toError = isSubmitted && !to ? t('impressions.toRequired') : undefined;
  const orderError = isSubmitted && from && to && from > to ? t('impressions.order') : undefined;

  const download = () => {
    setSubmitted(true);
    if (!from || !to || from > to) return;
    setQuery({
      printed_at__gte: dayjs(from).startOf('minute').toISOString(),
      printed_at__lte: dayjs(to).endOf('minute').toISOString(),
    });
  };

  return (
    <Stack spacing={2} data-testid="impressions-page">
      <PageTitle title={t('impressions.title')} subtitle={t('impressions.subtitle')} />
      <FormCard onSubmit={download}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="datetime-local"
            label={t('impressions.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={Boolean(fromError)}
            helperText={fromError}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'impressions-from' } }}
          />
          <TextField
            type="datetime-local"
            label={t('impressions.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(toError ?? orderError)}
            helperText={toError ?? orderError}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'impressions-to' } }}
          />
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
    </Stack>
  );
};
