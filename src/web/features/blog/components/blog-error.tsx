import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { Button } from '#web/components/ui/button';

/** The blog's error state (docs/product.md#public-pages): the heading 'Error' and what went wrong, with a way back to the list. */
export function BlogError({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Error</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{message}</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.blog}>Back to the blog</Link>
      </Button>
    </div>
  );
}
