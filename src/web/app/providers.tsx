import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemedToaster } from '../components/themed-toaster';
import { createQueryClient } from '../lib/query-client';

/**
 * App-wide context: the query client (`client`, or a new one) and the (theme-aware) toast outlet.
 * main.tsx passes the client it filled with the page's first queries before rendering.
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
