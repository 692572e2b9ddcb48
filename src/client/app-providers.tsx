import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';

/**
 * The app as one element. main.tsx mounts it; the build renders the landing page with it
 * (build/prerender-landing.tsx), whose islands the landing's own script hydrates.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
