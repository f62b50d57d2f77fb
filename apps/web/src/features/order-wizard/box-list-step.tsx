import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../lib/format';
import { useNotify } from '../../lib/notifier';
import { AddBoxDialog, type AddedBox } from './add-box-dialog';
import { useDeleteBox } from './api/delete-box';

export type BoxListStepProps = {
  receptionId: number;
  boxes: AddedBox[];
  onBoxesChange: (change: (boxes: AddedBox[]) => AddedBox[]) => void;
};

const headCell = { fontWeight: 600 } as const;

/**
 * Step 2 of every order wizard (spec section 2): the box list (box code, GTIN count, units,
 * remove) and the add-box dialog. Adding creates the box with its contents and appends it;
 * removing deletes it (a failure is only logged, spec section 8).
 */
export const BoxListStep = ({ receptionId, boxes, onBoxesChange }: BoxListStepProps) => {
  const { t, i18n } = useTranslation('order-wizard');
  const notify = useNotify();
  const deleteBox = useDeleteBox();
  const [isAdding, setAdding] = useState(false);

  const removeBox = (added: AddedBox) =>
    deleteBox.mutate(added.box.id, {
      onSuccess: () => {
        onBoxesChange((current) => current.filter((other) => other.box.id !== added.box.id));
        notify(t('boxes.removed', { code: added.box.barcode }), 'success');
      },
      onError: (error) => console.error('The box could not be removed', error),
    });

  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="add-box">
          {t('boxes.add')}
        </Button>
      </Box>
      {boxes.length === 0 ? (
        <Typography color="text.secondary">{t('boxes.empty')}</Typography>
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
              {boxes.map((added) => (
                <TableRow key={added.box.id} data-testid="wizard-box">
                  <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="wizard-box-code">
                    {added.box.barcode}
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
                      aria-label={t('boxes.remove', { code: added.box.barcode })}
                      disabled={deleteBox.isPending}
                      onClick={() => removeBox(added)}
                      data-testid="remove-box"
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <AddBoxDialog
        open={isAdding}
        receptionId={receptionId}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          onBoxesChange((current) => [...current, added]);
          notify(t('box.added', { code: added.box.barcode }), 'success');
        }}
      />
    </Stack>
  );
};
