import './lib/zod-config';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { PageLoading } from './components/page-loading';
import { removeBootShell } from './lib/boot-shell';
import './lib/i18n';
import { NotifierProvider } from './lib/notifier';
import { queryClient } from './lib/query-client';
import { theme } from './lib/theme';

// The login card shown before the code ran (boot.ts) is the login page's to replace; any other outcome removes it.
router.subscribe((state) => {
  if (state.location.pathname !== '/login' || state.errors) removeBootShell();
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
