import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import { IconButton, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { GtinField } from './gtin-field';
import type { AddBoxState } from './use-add-box';

/** One row of the box: a catalog GTIN (or one to create), its quantity and remove (not the last row). */
export const AddBoxRow = ({ state, index, rowKey }: { state: AddBoxState; index: number; rowKey: string }) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const { rows, errors, setGtin, setCreating, fields, remove } = state;
  const { setValue, clearErrors } = state.form;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{
        alignItems: { sm: 'flex-start' },
        pb: { xs: 1.5, sm: 0 },
        borderBottom: { xs: 1, sm: 0 },
        borderColor: 'divider',
      }}
      data-testid="box-row"
    >
      <GtinField
        value={rows[index]?.gtin ?? null}
        onChange={(gtin) => setGtin(index, gtin)}
        onCreate={(gtin) => setCreating({ rowKey, gtin })}
        error={errors.rows?.[index]?.gtin ? t('box.gtinMissing') : undefined}
        testId={`box-gtin-${index}`}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
        <TextField
          size="small"
          type="number"
          label={t('box.quantity')}
          value={rows[index]?.quantity ?? ''}
          onChange={(event) => {
            setValue(`rows.${index}.quantity`, event.target.value);
            clearErrors(`rows.${index}.quantity`);
          }}
          error={Boolean(errors.rows?.[index]?.quantity)}
          helperText={errors.rows?.[index]?.quantity ? t('box.minQuantity') : undefined}
          sx={{ width: 110, flexShrink: 0 }}
          slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': `box-quantity-${index}` } }}
        />
        <IconButton aria-label={t('box.removeRow')} disabled={fields.length === 1} onClick={() => remove(index)} sx={{ mt: 0.5 }}>
          <RemoveIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
};
