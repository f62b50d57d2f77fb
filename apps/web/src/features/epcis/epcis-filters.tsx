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

/** The two ends of the time range, in the form's order. */
const BOUNDS = ['from', 'to'] as const;

/** A select of the form: "any" (''), then `options`, each read as `<optionKey>.<option>`; its label is `fields.<name>`. */
const AnySelect = ({
  state,
  name,
  options,
  optionKey,
  testId,
}: {
  state: EpcisState;
  name: 'eventType' | 'bizStep' | 'disposition';
  options: readonly string[];
  optionKey: string;
  testId: string;
}) => {
  const { t } = useTranslation(['epcis', 'common']);
  return (
    <TextField select label={t(`fields.${name}`)} size="small" {...state.field(name)} data-testid={testId}>
      <MenuItem value="">{t('any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`${optionKey}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The query form: type, time range, EPC, business step, disposition and location; search and download. */
export const EpcisFilterForm = ({ state }: { state: EpcisState }) => {
  const { t } = useTranslation(['epcis', 'common']);
  const { form, setForm, field, isDownloading } = state;
  return (
    <Card component="form" onSubmit={state.submit} data-testid="epcis-form">
      <CardContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          <AnySelect state={state} name="eventType" options={EVENT_TYPES} optionKey="types" testId="epcis-event-type" />
          {/* The app's date-time field (DD/MM/YYYY HH:mm in both languages), not the browser's native input, which
              follows the browser's own locale ("mm/dd/yyyy, --:-- --" in an English Chromium; issue 28). */}
          {BOUNDS.map((bound) => (
            <DateTimeField
              key={bound}
              label={t(`fields.${bound}`)}
              size="small"
              testId={`epcis-${bound}`}
              value={form[bound]}
              onChange={(value) => setForm((f) => ({ ...f, [bound]: value }))}
            />
          ))}
          <TextField
            label={t('fields.epc')}
            size="small"
            placeholder="urn:epc:id:sgtin:…"
            slotProps={{ htmlInput: { 'data-testid': 'epcis-epc' } }}
            {...field('epc')}
          />
          <AnySelect state={state} name="bizStep" options={BIZ_STEPS} optionKey="bizSteps" testId="epcis-biz-step" />
          <AnySelect
            state={state}
            name="disposition"
            options={DISPOSITIONS}
            optionKey="dispositions"
            testId="epcis-disposition"
          />
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
