import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { Me } from '../../../../shared/schemas/auth';
import { PageSpinner } from '../../../components/ui/spinner';
import { useMe } from '../api/use-me';

/** Renders its children with the signed-in user; a spinner while the session check runs; /login without a session. */
export function RequireSession({ children }: { children: (user: Me) => ReactNode }) {
  const { data: user, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login} replace />;
  return children(user);
}
