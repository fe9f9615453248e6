import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths, withQuery } from '#shared/paths';
import { SingleCardLayout } from '#web/components/layouts/single-card-layout';
import { messages } from '#shared/messages';
import { signInLinkParam } from '#shared/schemas/auth';
import { ssoErrorParam, ssoMessages } from '#shared/schemas/sso';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { PageSpinner } from '#web/components/ui/spinner';
import { nextParam, useNextPath } from '#web/data/session-mutations';
import { useMe } from '#web/data/session-queries';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SignInLinkForm } from './sign-in-link-form';
import { SsoSignInForm } from './sso-sign-in-form';

export type AuthMode = 'login' | 'signup';

/** The login card's other ways in, as their buttons say. */
const methodLabels = {
  password: 'Sign in with password',
  sso: 'Sign in with SSO',
  link: 'Email me a sign-in link',
} as const;

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
 * switch link keeps it. The login card also offers "Sign in with SSO" (by work address) and "Email
 * me a sign-in link", and says why a single sign-on or a sign-in link did not sign in (`?sso=`, `?link=`).
 */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  const { data: user, isPending } = useMe();
  const target = useNextPath();
  const [searchParams] = useSearchParams();
  const ssoError = searchParams.get(ssoErrorParam);
  const linkInvalid = searchParams.get(signInLinkParam) === 'invalid';
  const [method, setMethod] = useState<'password' | 'sso' | 'link'>('password');
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
        {ssoError && mode === 'login' && (
          <Alert variant="destructive" className="mb-4">
            {ssoError === 'existing-account' ? ssoMessages.existingAccount : ssoMessages.failed}
          </Alert>
        )}
        {linkInvalid && mode === 'login' && (
          <Alert variant="destructive" className="mb-4">
            {messages.auth.signInLinkInvalid}
          </Alert>
        )}
        {mode === 'signup' ? (
          <SignUpForm />
        ) : method === 'sso' ? (
          <SsoSignInForm />
        ) : method === 'link' ? (
          <SignInLinkForm />
        ) : (
          <SignInForm />
        )}
        {mode === 'login' && (
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {(['password', 'sso', 'link'] as const)
              .filter((m) => m !== method)
              .map((m) => (
                <Button key={m} variant="outline" className="w-full" onClick={() => setMethod(m)}>
                  {methodLabels[m]}
                </Button>
              ))}
          </div>
        )}
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
