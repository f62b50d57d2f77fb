import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-fields';
import type { EpcisState } from './use-epcis';

const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'];
/** The CBV business steps and dispositions the product's own events use, and a few common ones. */
const BIZ_STEPS = [
  'receiving',
  'shipping',
  'cycle_counting',
  'retail_selling',
  'returning',
  'packing',
  'commissioning',
  'inspecting',
];
const DISPOSITIONS = [
  'in_progress',
  'in_transit',
  'sellable_accessible',
  'sellable_not_accessible',
  'retail_sold',
  'returned',
  'unknown',
];

/** The query form: type, time range, EPC, business step, disposition and location; search and download. */
export const EpcisFilterForm = ({ state }: { state: EpcisState }) => {
  const { t } = useTranslation(['epcis', 'common']);
  const { form, setForm, field, isDownloading } = state;
  return (
    <Card component="form" onSubmit={state.submit} data-testid="epcis-form">
      <CardContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          <TextField select label={t('fields.eventType')} size="small" {...field('eventType')} data-testid="epcis-event-type">
            <MenuItem value="">{t('any')}</MenuItem>
            {EVENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {/* The app's date-time field (DD/MM/YYYY HH:mm in both languages), not the browser's native input, which
              follows the browser's own locale ("mm/dd/yyyy, --:-- --" in an English Chromium; issue 28). */}
          <DateTimeField
            label={t('fields.from')}
            size="small"
            testId="epcis-from"
            value={form.from}
            onChange={(value) => setForm((f) => ({ ...f, from: value }))}
          />
          <DateTimeField
            label={t('fields.to')}
            size="small"
            testId="epcis-to"
            value={form.to}
            onChange={(value) => setForm((f) => ({ ...f, to: value }))}
          />
          <TextField
            label={t('fields.epc')}
            size="small"
            placeholder="urn:epc:id:sgtin:…"
            slotProps={{ htmlInput: { 'data-testid': 'epcis-epc' } }}
            {...field('epc')}
          />
          <TextField select label={t('fields.bizStep')} size="small" {...field('bizStep')} data-testid="epcis-biz-step">
            <MenuItem value="">{t('any')}</MenuItem>
            {BIZ_STEPS.map((step) => (
              <MenuItem key={step} value={step}>
                {t(`bizSteps.${step}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('fields.disposition')}
            size="small"
            {...field('disposition')}
            data-testid="epcis-disposition"
          >
            <MenuItem value="">{t('any')}</MenuItem>
            {DISPOSITIONS.map((disposition) => (
              <MenuItem key={disposition} value={disposition}>
                {t(`dispositions.${disposition}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('fields.location')}
            size="small"
            helperText={t('fields.locationHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'epcis-location' } }}
            {...field('location')}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button type="submit" variant="contained" data-testid="epcis-search">
              {t('search')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void state.download()}
              disabled={isDownloading}
              data-testid="epcis-download"
            >
              {t('download.button')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
};
