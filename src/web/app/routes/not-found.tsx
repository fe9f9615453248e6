import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { Button } from '#web/components/ui/button';
import type { HeadHandle } from '#web/lib/page-head';

/** Head of the 404 page: served with status 404 and kept out of search results. */
export const notFoundHandle: HeadHandle = {
  head: () => ({
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has moved.',
    status: 404,
    noindex: true,
  }),
};

/** Shown for any URL that matches no route. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-32 text-center">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Go back home</Link>
      </Button>
    </section>
  );
}
