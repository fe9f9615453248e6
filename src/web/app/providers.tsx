import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { useTheme } from '../lib/theme';

/**
 * The toast outlet, loaded after the first render: no page shows a toast before the user acts, so
 * sonner stays out of the entry chunk (and out of the server's markup, which hydration must match).
 */
function ThemedToaster() {
  const { theme } = useTheme();
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    void import('sonner').then((sonner) => setToaster(() => sonner.Toaster));
  }, []);
  return Toaster && <Toaster theme={theme} position="top-right" richColors closeButton />;
}

/** App-wide context: the query client and the (theme-aware) toast outlet. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
