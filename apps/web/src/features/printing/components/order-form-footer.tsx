import { Button, Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormAlert, type FormStatus } from '../../../components/form-alert';
import { PRINT_PATHS } from '../../print-wizard';

/**
 * The end of both print order forms (from a CSV, by hand): the result alert, the link to the order just created,
 * Back to the list and the submit button.
 */
export const OrderFormFooter = ({
  status,
  onCloseStatus,
  createdId,
  isPending,
  submitLabel,
  submitTestId,
}: {
  status: FormStatus;
  onCloseStatus: () => void;
  createdId: number | null;
  isPending: boolean;
  submitLabel: string;
  submitTestId: string;
}) => {
  const { t } = useTranslation('printing');
  return (
    <>
      <FormAlert status={status} onClose={onCloseStatus} />
      {status?.kind === 'success' && createdId !== null && (
        <Link component={RouterLink} to={PRINT_PATHS.contents(createdId)} data-testid="created-order-link">
          {t('messages.seeOrder', { id: createdId })}
        </Link>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={PRINT_PATHS.orders}>
          {t('csvPage.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={isPending} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Stack>
    </>
  );
};
