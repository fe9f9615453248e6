import { useMatch } from 'react-router';
import { paths } from '#shared/paths';
import { AuthScreen } from '#web/features/auth/components/auth-screen';

/** Route module of /login and /signup: the mode follows the URL. */
export function Component() {
  const isSignup = useMatch(paths.signup) !== null;
  return <AuthScreen mode={isSignup ? 'signup' : 'login'} />;
}
