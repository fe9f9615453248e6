import { signInSchema, type SignInInput } from '#shared/schemas/auth';
import { useSignIn } from '#web/data/session-mutations';
import { AuthForm, type AuthField } from './auth-form';

const fields: readonly AuthField<SignInInput>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/** The login form (email and password). */
export function SignInForm() {
  const signIn = useSignIn();
  return (
    <AuthForm
      schema={signInSchema}
      defaultValues={{ email: '', password: '' }}
      fields={fields}
      submitLabel="Log in"
      mutation={signIn}
    />
  );
}
