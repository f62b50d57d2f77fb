import { Alert, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

/** Snackbar colours of the spec: green success, red error, orange default; 5000 ms. */
export type NoticeKind = 'success' | 'error' | 'info';
type Notice = { id: number; message: string; kind: NoticeKind };
type Notify = (message: string, kind?: NoticeKind) => void;

const NotifierContext = createContext<Notify>(() => {});
let externalNotify: Notify = () => {};
/** For code outside React (the API client). */
export const notify: Notify = (message, kind) => externalNotify(message, kind);

export const NotifierProvider = ({ children }: { children: ReactNode }) => {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback<Notify>((message, kind = 'info') => setNotice({ id: Date.now(), message, kind }), []);
  useEffect(() => {
    externalNotify = show;
  }, [show]);
  return (
    <NotifierContext.Provider value={show}>
      {children}
      <Snackbar
        key={notice?.id}
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          variant="filled"
          severity={notice?.kind === 'success' ? 'success' : notice?.kind === 'error' ? 'error' : 'warning'}
          onClose={() => setNotice(null)}
          data-testid="notifier"
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifierContext.Provider>
  );
};

export const useNotify = (): Notify => useContext(NotifierContext);
