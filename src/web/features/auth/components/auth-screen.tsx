import { Link, Navigate } from 'react-router';
import { paths, withQuery } from '#shared/paths';
import { SingleCardLayout } from '#web/components/layouts/single-card-layout';
import { CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { PageSpinner } from '#web/components/ui/spinner';
import { nextParam, useNextPath } from '#web/data/session-mutations';
import { useMe } from '#web/data/session-queries';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthMode = 'login' | 'signup';

const copy = {
  login: {
    title: 'Welcome Back',
    description: 'Log in to manage your outreach campaigns.',
    switchPrompt: "Don't have an account?",
    switchLabel: 'Sign up',
    switchTo: paths.signup,
  },
  signup: {
    title: 'Create Account',
    description: 'Start your 7-day free trial. No credit card required.',
    switchPrompt: 'Already have an account?',
    switchLabel: 'Log in',
    switchTo: paths.login,
  },
} as const;

/**
 * The /login and /signup screen (docs/product.md#sign-in-and-sign-up): one card whose title, fields and switch link follow the mode.
 * A safe `?next=` (an invitation link) is where a signed-in user goes instead of the dashboard; the
 * switch link keeps it.
 */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  const { data: user, isPending } = useMe();
  const target = useNextPath();
  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to={target} replace />;

  const text = copy[mode];
  const switchTo =
    target === paths.dashboard ? text.switchTo : withQuery(text.switchTo, { [nextParam]: target });
  return (
    <SingleCardLayout>
      <CardHeader className="text-center">
        <CardTitle as="h1">{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {mode === 'login' ? <SignInForm /> : <SignUpForm />}
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {text.switchPrompt}{' '}
          <Link
            to={switchTo}
            className="rounded font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-400 dark:hover:text-indigo-300"
          >
            {text.switchLabel}
          </Link>
        </p>
      </CardContent>
    </SingleCardLayout>
  );
}
