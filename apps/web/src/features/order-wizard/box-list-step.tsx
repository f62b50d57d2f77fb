import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import { AddBoxDialog, type AddedBox } from './add-box-dialog';

export type BoxListStepProps = {
  boxes: AddedBox[];
  onBoxesChange: (change: (boxes: AddedBox[]) => AddedBox[]) => void;
  /** The barcode the server refused (the company has it already): its row is marked. */
  refusedCodebar?: string | null;
  isDisabled?: boolean;
};

const headCell = { fontWeight: 600 } as const;

/**
 * Step 2 of every order wizard (spec section 2): the box list (box code, GTIN count, units, remove) and the add-box
 * dialog. The boxes are the wizard's draft: nothing is written until the wizard's last button creates the order.
 */
export const BoxListStep = ({ boxes, onBoxesChange, refusedCodebar = null, isDisabled = false }: BoxListStepProps) => {
  const { t, i18n } = useTranslation('order-wizard');
  const [isAdding, setAdding] = useState(false);

  return (
    <Stack spacing={2}>
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          disabled={isDisabled}
          data-testid="add-box"
        >
          {t('boxes.add')}
        </Button>
      </Box>
      {boxes.length === 0 ? (
        <Typography color="text.secondary">{t('boxes.emptyDraft')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="wizard-boxes">
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('boxes.code')}</TableCell>
                <TableCell sx={headCell} align="right">
                  {t('boxes.gtinCount')}
                </TableCell>
                <TableCell sx={headCell} align="right">
                  {t('boxes.units')}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {boxes.map((added) => {
                const isRefused = added.box.codebar === refusedCodebar;
                return (
                  <TableRow
                    key={added.box.codebar}
                    data-testid="wizard-box"
                    aria-invalid={isRefused || undefined}
                    sx={isRefused ? { bgcolor: 'error.light' } : undefined}
                  >
                    <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="wizard-box-code">
                      {added.box.codebar}
                    </TableCell>
                    <TableCell align="right" data-testid="wizard-box-gtins">
                      {formatQuantity(added.gtinCount, i18n.language)}
                    </TableCell>
                    <TableCell align="right" data-testid="wizard-box-units">
                      {formatQuantity(added.units, i18n.language)}
                    </TableCell>
                    <TableCell align="right" padding="checkbox">
                      <IconButton
                        color="error"
                        aria-label={t('boxes.remove', { code: added.box.codebar })}
                        disabled={isDisabled}
                        onClick={() =>
                          onBoxesChange((current) => current.filter((other) => other.box.codebar !== added.box.codebar))
                        }
                        data-testid="remove-box"
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <AddBoxDialog
        open={isAdding}
        takenBarcodes={boxes.map((added) => added.box.codebar)}
        onClose={() => setAdding(false)}
        onAdded={(added) => onBoxesChange((current) => [...current, added])}
      />
    </Stack>
  );
};
