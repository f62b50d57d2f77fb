import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleEdit } from '../../../lib/api-client';

/** The records an edit page edits; each names its own stale message (`admin:stale.<thing>`). */
export type EditedThing = 'reader' | 'printer' | 'location' | 'area' | 'user';

/**
 * The version of the record an edit page loaded (sent with its save as If-Match, docs/concurrency.md): the loaded
 * record's, until the page itself changes the record without reloading it (a key rotation answers its new version).
 */
export const useLoadedVersion = (loaded: number | undefined) => {
  const [version, setVersion] = useState(loaded);
  useEffect(() => setVersion(loaded), [loaded]);
  return [version, setVersion] as const;
};

/**
 * An edit refused because someone else changed the record while it was edited (409): `catchStale(error)` takes it
 * (true when it was one); `alert(refetch)` is then the page's `StaleEditAlert`, whose Reload fetches the record again
 * (the form then shows the other user's changes) and clears it. Until then what the user typed stays; nothing was saved.
 */
export const useStaleEdit = (thing: EditedThing) => {
  const [isStale, setStale] = useState(false);
  return {
    isStale,
    catchStale: (error: unknown): boolean => {
      if (!isStaleEdit(error)) return false;
      setStale(true);
      return true;
    },
    alert: (refetch: () => Promise<unknown>) =>
      isStale ? (
        <StaleEditAlert
          thing={thing}
          onReload={async () => {
            await refetch();
            setStale(false);
          }}
        />
      ) : null,
  };
};

/** "Another user changed this reader while you were editing; reload to see their changes", with Reload. */
export const StaleEditAlert = ({ thing, onReload }: { thing: EditedThing; onReload: () => Promise<void> }) => {
  const { t } = useTranslation('admin');
  return (
    <Alert
      severity="warning"
      data-testid="stale-edit"
      action={
        <Button color="inherit" size="small" onClick={() => void onReload()} data-testid="stale-reload">
          {t('stale.reload')}
        </Button>
      }
    >
      {t(`stale.${thing}`)}
    </Alert>
  );
};
