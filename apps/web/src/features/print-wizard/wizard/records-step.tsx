import { Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isQuantity, type WizardChoices } from './use-print-wizard';

/** The first step with records: each GTIN (and description) with its quantity, editable. */
export const RecordsStep = ({ choices, isPhone }: { choices: WizardChoices; isPhone: boolean }) => {
  const { t } = useTranslation('printing');
  const { lines, quantities, setValue } = choices;
  return (
    <Table size="small" data-testid="wizard-records">
      <TableHead>
        <TableRow>
          <TableCell>{t('fields.gtin')}</TableCell>
          {!isPhone && <TableCell>{t('fields.description')}</TableCell>}
          <TableCell align="right">{t('fields.quantity')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, index) => (
          <TableRow key={line.gtin} data-testid="wizard-record">
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {line.gtin}
              {isPhone && line.description && (
                <Typography variant="body2" color="text.secondary">
                  {line.description}
                </Typography>
              )}
            </TableCell>
            {!isPhone && <TableCell>{line.description}</TableCell>}
            <TableCell align="right" sx={{ width: 110 }}>
              <TextField
                size="small"
                type="number"
                value={quantities[index] ?? ''}
                error={!isQuantity(quantities[index] ?? '')}
                onChange={(event) => setValue(`quantities.${index}`, event.target.value)}
                slotProps={{
                  htmlInput: { min: 1, 'data-testid': `wizard-quantity-${index}`, 'aria-label': t('fields.quantity') },
                }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
