import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/**
 * A record that failed to load: 'No encontrado' for a 404 (another location's record) or when
 * `isNotFound` says so, else 'Algo salió mal'.
 */
export const LoadErrorAlert = ({
  error,
  isNotFound = false,
  testId,
}: {
  error: unknown;
  isNotFound?: boolean;
  testId: string;
}) => {
  const { t } = useTranslation('common');
  const notFound = isNotFound || (error instanceof ApiError && error.status === 404);
  return (
    <Alert severity="error" data-testid={testId}>
      {notFound ? t('errors.notFound') : t('errors.somethingWrong')}
    </Alert>
  );
};
