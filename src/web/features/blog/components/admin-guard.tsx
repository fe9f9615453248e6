import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '#shared/paths';
import { PageSpinner } from '#web/components/ui/spinner';
import { useMe } from '#web/data/session-queries';

/**
 * The blog admin pages' guard, inside the page (the Create Blog Post page): no session goes to /login,
 * a non-admin to /. The server refuses their API calls anyway (require-admin.ts); this only spares them
 * a page they cannot use.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login} replace />;
  if (!user.isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}
