import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AddGtinDialog } from '../catalog';
import { AddBoxRow } from './add-box-row';
import { useAddBox } from './use-add-box';

/** A box of the wizard's draft: what the order's one call sends, and the list's figures. */
export type AddedBox = {
  box: { codebar: string; contents: { gtin: string; quantity: number }[] };
  gtinCount: number;
  units: number;
};

export type AddBoxDialogProps = {
  open: boolean;
  /** The barcodes of the draft's boxes: one of them again is refused here, before the order is sent. */
  takenBarcodes: readonly string[];
  onClose: () => void;
  onAdded: (added: AddedBox) => void;
};

/**
 * Add-box dialog (spec section 2): the box barcode and repeatable GTIN + quantity rows (at least one). The box joins the
 * wizard's draft; the order and all its boxes are created together at the wizard's end (a barcode the company already
 * has is refused then, naming the box).
 */
export const AddBoxDialog = (props: AddBoxDialogProps) => {
  const { open, onClose } = props;
  const { t } = useTranslation(['order-wizard', 'common']);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const state = useAddBox(props);
  const { fields, append, barcodeError, submit, creating, setCreating, setGtin } = state;
  const { register, clearErrors } = state.form;
  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isPhone} data-testid="add-box-dialog">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogTitle>{t('box.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t('box.barcode')}
                {...register('barcode', { onChange: () => clearErrors('barcode') })}
                required
                autoFocus
                error={Boolean(barcodeError)}
                helperText={barcodeError}
                slotProps={{ htmlInput: { 'data-testid': 'box-barcode', maxLength: 128 } }}
              />
              {fields.map((field, index) => (
                <AddBoxRow key={field.id} state={state} index={index} rowKey={field.id} />
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => append({ gtin: null, quantity: '1' })}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="box-add-row"
              >
                {t('box.addRow')}
              </Button>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('box.cancel')}</Button>
            <Button type="submit" variant="contained" data-testid="box-save">
              {t('box.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <AddGtinDialog
        open={Boolean(creating)}
        initialGtin={creating?.gtin ?? ''}
        onClose={() => setCreating(null)}
        onCreated={(item) => {
          const index = fields.findIndex((field) => field.id === creating?.rowKey);
          if (index >= 0) setGtin(index, item);
        }}
      />
    </>
  );
};
