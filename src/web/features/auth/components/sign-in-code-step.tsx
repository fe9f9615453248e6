import { signInCodeSchema, type SignInCodeInput } from '#shared/schemas/two-factor';
import { Button } from '#web/components/ui/button';
import { AuthForm, type AuthField } from './auth-form';
import { useSignInCode } from '../api/second-factor-sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';

const fields: readonly AuthField<SignInCodeInput>[] = [
  {
    name: 'code',
    label: 'Authentication code',
    type: 'text',
    autoComplete: 'one-time-code',
    hint: 'The 6-digit code from your authenticator app, or one of your backup codes.',
  },
];

/**
 * The second step of signing in, once the password was right: a code from the authenticator app or
 * a backup code, or a passkey instead; "Start over" goes back to the email and password.
 */
export function SignInCodeStep({ onStartOver }: { onStartOver: () => void }) {
  const verify = useSignInCode();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your account has two-factor sign-in. Enter a code to finish logging in.
      </p>
      <AuthForm
        schema={signInCodeSchema}
        defaultValues={{ code: '' }}
        fields={fields}
        submitLabel="Verify"
        mutation={verify}
      />
      <PasskeySignInButton label="Use a passkey instead" />
      <Button type="button" variant="ghost" className="w-full" onClick={onStartOver}>
        Start over
      </Button>
    </div>
  );
}
