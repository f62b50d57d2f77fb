import { Alert, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import type { CurrentLocation } from '../../lib/storage';
import { BoxListStep } from './box-list-step';
import { OrderLinks } from './order-links';
import type { OrderWizardProps } from './order-wizard';
import type { OrderWizardState } from './use-order-wizard';

/** Step 1: the order just created (if any), the order code, the current location, the kind's own fields. */
export const OrderStep = ({
  kind,
  renderFields,
  wizard,
  location,
}: Pick<OrderWizardProps, 'kind' | 'renderFields'> & { wizard: OrderWizardState; location: CurrentLocation }) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const { finished, setFinished, orderCode, isSending, existing } = wizard;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      {finished && (
        <Alert severity="success" onClose={() => setFinished(null)} data-testid="finished-order">
          {t('createdWithBoxes', { code: finished.order.order_code, id: finished.order.id, count: finished.count })}
          <OrderLinks kind={kind} orderId={finished.order.id} />
        </Alert>
      )}
      <TextField
        label={t('orderCode')}
        value={orderCode}
        onChange={(event) => wizard.setOrderCode(event.target.value)}
        disabled={isSending}
        required
        slotProps={{ htmlInput: { 'data-testid': 'order-code', maxLength: 100 } }}
      />
      <TextField
        label={t(kind === 'purchase' ? 'destinationHere' : 'originHere')}
        value={location.description}
        disabled
        helperText={t('currentLocationHint')}
        slotProps={{ htmlInput: { 'data-testid': 'order-current-location' } }}
      />
      {existing && existing.order_code === orderCode.trim() && (
        <Alert severity="warning" data-testid="order-code-exists">
          {t('codeExists', { code: existing.order_code, id: existing.id })}
          <OrderLinks kind={kind} orderId={existing.id} />
        </Alert>
      )}
      {renderFields?.({ isLocked: isSending, location })}
    </Stack>
  );
};

/** Step 2: the draft's boxes (each with its contents) and the status of the last call. */
export const BoxesStep = ({ wizard }: { wizard: OrderWizardState }) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const { orderCode, boxes, changeBoxes, refusedCodebar, isSending, status, setStatus } = wizard;
  return (
    <Stack spacing={2}>
      <Alert severity="info" data-testid="draft-order">
        {t('draftHint', { code: orderCode.trim() })}
      </Alert>
      <BoxListStep boxes={boxes} onBoxesChange={changeBoxes} refusedCodebar={refusedCodebar} isDisabled={isSending} />
      <FormAlert status={status} onClose={() => setStatus(null)} />
    </Stack>
  );
};
