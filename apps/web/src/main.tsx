import './lib/zod-config';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { PageLoading } from './components/page-loading';
import { bootShellPath, removeBootShell } from './lib/boot-shell';
import './lib/i18n';
import { NotifierProvider } from './lib/notifier';
import { queryClient } from './lib/query-client';
import { theme } from './lib/theme';

// What boot.ts drew before the code ran is its page's to replace (the login page, the signed-in shell); any other
// outcome removes it.
router.subscribe((state) => {
  if (state.location.pathname !== bootShellPath() || state.errors) removeBootShell();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotifierProvider>
          <Suspense fallback={<PageLoading full />}>
            <RouterProvider router={router} />
          </Suspense>
        </NotifierProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
