import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { messages } from '#shared/messages';
import { paths } from '#shared/paths';
import { Button } from '#web/components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `${error.status}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : messages.auth.unexpected;
}

/** The router's error screen (docs/product.md#errors): 'Unexpected Application Error!' and the error's status text or message. */
export function RouterError() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{messages.generic.routerError}</h1>
      <p className="mt-4 max-w-lg rounded-lg bg-red-50 px-4 py-3 font-mono text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
        {describe(error)}
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.home} reloadDocument>
          Back to home
        </Link>
      </Button>
    </main>
  );
}
