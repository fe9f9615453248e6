import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import { PageSpinner } from '#web/components/ui/spinner';
import { useMe } from '#web/data/session-queries';

/**
 * Renders its children with the signed-in user; `pending` (a spinner by default) while the session
 * check runs; /login without a session.
 */
export function RequireSession({
  children,
  pending = <PageSpinner />,
}: {
  children: (user: Me) => ReactNode;
  pending?: ReactNode;
}) {
  const { data: user, isPending } = useMe();
  if (isPending) return pending;
  if (!user) return <Navigate to={paths.login} replace />;
  return children(user);
}
