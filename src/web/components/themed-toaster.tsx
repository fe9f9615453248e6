import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { useTheme } from '../lib/theme';

/**
 * The toast outlet, loaded after the first render: no page shows a toast before the user acts, so
 * sonner stays out of the entry chunk (and out of the server's markup, which hydration must match).
 */
export function ThemedToaster() {
  const { theme } = useTheme();
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    void import('sonner').then((sonner) => setToaster(() => sonner.Toaster));
  }, []);
  return Toaster && <Toaster theme={theme} position="top-right" richColors closeButton />;
}
