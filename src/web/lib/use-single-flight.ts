import { useCallback, useRef } from 'react';

/**
 * Wraps an async action (a form's submit, a mutating button's click) so that calling it again while
 * the first call is still running does nothing: a double click or a second Enter sends one request.
 * A React state flag such as a mutation's `isPending` disables the button only after the next
 * render, too late for a second click in the same instant; a ref is set at once.
 * The ignored call's event still has its default prevented, so a form never falls back to a page load.
 * The action's promise must last as long as the work (use `mutateAsync`, not `mutate`).
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const running = useRef(false);
  return useCallback(
    async (...args: A): Promise<void> => {
      if (running.current) {
        const event = args[0] as { preventDefault?: () => void } | undefined;
        event?.preventDefault?.();
        return;
      }
      running.current = true;
      try {
        await action(...args);
      } finally {
        running.current = false;
      }
    },
    [action],
  );
}
