import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { GtinCell } from './gtin-cell';
import type { ManualFormState } from './use-manual-form';

/** The order's rows: a GTIN and its quantity each, removed (while more than one) and added; 'Create' goes to `onCreate`. */
export const ManualRows = ({ form, onCreate }: { form: ManualFormState; onCreate: (key: string, gtin: string) => void }) => {
  const { t } = useTranslation('printing');
  const { fields, values } = form;
  return (
    <Stack spacing={1.5} data-testid="manual-rows">
      {fields.map((field, index) => {
        const row = values.rows[index] ?? field;
        const quantityError = form.quantityError(index);
        return (
          <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="manual-row">
            <GtinCell
              row={{ ...row, error: form.gtinError(index) }}
              index={index}
              onChange={(change) => form.patch(index, change)}
              onCreate={(gtin) => onCreate(field.id, gtin)}
            />
            <TextField
              size="small"
              type="number"
              label={t('fields.quantity')}
              value={row.quantity}
              onChange={(event) => form.setQuantity(index, event.target.value)}
              error={Boolean(quantityError)}
              helperText={quantityError}
              sx={{ width: { xs: 96, sm: 130 }, flexShrink: 0 }}
              slotProps={{ htmlInput: { min: 1, 'data-testid': `manual-quantity-${index}` } }}
            />
            <IconButton
              onClick={() => form.removeRow(index)}
              disabled={fields.length === 1}
              aria-label={t('manual.removeRow')}
              data-testid={`manual-remove-${index}`}
              sx={{ mt: 0.5 }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={form.addRow} data-testid="manual-add-row">
          {t('manual.addRow')}
        </Button>
      </Box>
    </Stack>
  );
};
