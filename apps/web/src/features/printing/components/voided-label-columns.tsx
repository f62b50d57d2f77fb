import { Box, Typography } from '@mui/material';
import type { VoidedLabel } from '@rfid/contract';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';

const monospace = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** A replacement's state in words: printed, voided in its turn, or still to print. */
const replacementState = (replacement: NonNullable<VoidedLabel['replacement']>) =>
  replacement.printed_at ? 'printed' : replacement.voided_at ? 'voided' : 'toPrint';

/** The voided labels table's columns: label, EPC, GTIN, why, when and on which printer, and the replacement. */
export const voidedLabelColumns = (t: TFunction<'printing'>): Column<VoidedLabel>[] => [
  { id: 'label', header: t('detail.label'), align: 'right', cell: (label) => label.label_number },
  {
    id: 'epc',
    header: t('detail.epc'),
    cell: (label) => (
      <Box component="span" sx={monospace} data-testid="voided-epc">
        {label.epc}
      </Box>
    ),
    mobile: 'title',
  },
  { id: 'gtin', header: t('fields.gtin'), cell: (label) => label.gtin },
  {
    id: 'reason',
    header: t('voided.reason'),
    cell: (label) => (
      <Typography variant="body2" sx={{ maxWidth: 300 }} data-testid="voided-reason" data-reason={label.reason}>
        {t(`voided.reasons.${label.reason}`)}
      </Typography>
    ),
  },
  {
    id: 'when',
    header: t('voided.when'),
    cell: (label) => (
      <Box>
        {formatDateTime(label.voided_at)}
        <Typography variant="body2" color="text.secondary">
          {label.printer?.description ?? '—'}
        </Typography>
      </Box>
    ),
  },
  {
    id: 'replacement',
    header: t('voided.replacement'),
    cell: (label) =>
      label.replacement ? (
        <Box data-testid="voided-replacement" data-state={replacementState(label.replacement)}>
          {t(`voided.replacementState.${replacementState(label.replacement)}`, { label: label.replacement.label_number })}
          <Typography variant="body2" color="text.secondary" sx={monospace}>
            {label.replacement.epc}
          </Typography>
        </Box>
      ) : (
        <Box component="span" data-testid="voided-replacement" data-state="none">
          {t('voided.replacementState.none')}
        </Box>
      ),
  },
];
