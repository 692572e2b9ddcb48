import './lib/zod-jitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/client.ts';
import { clearSession } from './lib/session.ts';
import { createQueryClient, persistCache } from './query-client.ts';
import { createAppRouter } from './router.ts';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// §8: a 401 on any call locks the session out and sends the user to login.
setUnauthorizedHandler(() => {
  clearSession(queryClient);
  if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
});

await persistCache(queryClient).catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
