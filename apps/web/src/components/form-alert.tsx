import { Alert, type AlertProps } from '@mui/material';
import { ApiError } from '../lib/api-client';

export type FormStatus = { kind: 'success' | 'error'; message: string; details?: string[] } | null;

/**
 * The success or error alert a form shows under its fields ("Forms show a success alert on save and
 * an error list on failure").
 *
 * ```tsx
 * const [status, setStatus] = useState<FormStatus>(null);
 * onSuccess: () => setStatus({ kind: 'success', message: t('area.added') }),
 * onError: (error) => setStatus(errorStatus(error, t('common:errors.notCompleted'))),
 * <FormAlert status={status} onClose={() => setStatus(null)} />
 * ```
 */
export const FormAlert = ({ status, onClose, sx }: { status: FormStatus; onClose?: () => void; sx?: AlertProps['sx'] }) => {
  if (!status) return null;
  return (
    <Alert severity={status.kind} onClose={onClose} sx={sx} data-testid={`form-alert-${status.kind}`}>
      {status.message}
      {status.details && status.details.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {status.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
};

/** An error status from a failed call: the server's message, and its field errors as the list. */
export const errorStatus = (error: unknown, fallback: string): FormStatus => {
  if (!(error instanceof ApiError)) return { kind: 'error', message: fallback };
  const details = Object.entries(error.body.errors ?? {}).flatMap(([, messages]) => messages);
  const message = error.body.message ?? fallback;
  return { kind: 'error', message, details: details.filter((detail) => detail !== message) };
};

/**
 * The outcome of a search: its error (the API's message, else `fallback`), else the `nothing` message when it found
 * nothing (`isEmpty`), else none.
 */
export const searchStatus = (
  search: { isError: boolean; error: unknown },
  isEmpty: boolean,
  { fallback, nothing }: { fallback: string; nothing: string },
): FormStatus => (search.isError ? errorStatus(search.error, fallback) : isEmpty ? { kind: 'error', message: nothing } : null);
