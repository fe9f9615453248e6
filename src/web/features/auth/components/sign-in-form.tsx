import { signInSchema, type SignInInput } from '#shared/schemas/auth';
import { useSignIn } from '#web/data/session-mutations';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SignInCodeStep } from './sign-in-code-step';
import { AuthForm, type AuthField } from './auth-form';

const fields: readonly AuthField<SignInInput>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/**
 * The login form (email and password, or a passkey); for an account with two-factor sign-in, the
 * code step follows the password (docs/decisions/031-two-factor-and-passkeys.md).
 */
export function SignInForm() {
  const signIn = useSignIn();
  if (signIn.data?.twoFactorRequired) return <SignInCodeStep onStartOver={() => signIn.reset()} />;
  return (
    <div className="space-y-4">
      <AuthForm
        schema={signInSchema}
        defaultValues={{ email: '', password: '' }}
        fields={fields}
        submitLabel="Log in"
        mutation={signIn}
      />
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <PasskeySignInButton />
    </div>
  );
}
