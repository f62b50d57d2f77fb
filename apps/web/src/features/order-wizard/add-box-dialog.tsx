import AddIcon from '@mui/icons-material/Add';
import { Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
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
  const state = useAddBox(props);
  const { fields, append, barcodeError, submit, creating, setCreating, setGtin } = state;
  const { register, clearErrors } = state.form;
  return (
    <>
      <FormDialog
        open={open}
        onClose={onClose}
        title={t('box.title')}
        testId="add-box-dialog"
        onSubmit={() => void submit()}
        cancelLabel={t('box.cancel')}
        submitLabel={t('box.save')}
        submitTestId="box-save"
      >
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
      </FormDialog>
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
