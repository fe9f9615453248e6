import { useEffect, useState } from 'react';
import { limits } from '#shared/limits';

/**
 * Copies text to the clipboard; `copied` is true for 2 seconds afterwards (docs/product.md#limits 'Copied!').
 * A failed copy is only logged (docs/product.md#errors, silent failures).
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), limits.copiedIndicatorMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      (error: unknown) => console.warn('Copy failed', error),
    );
  return { copied, copy };
}
