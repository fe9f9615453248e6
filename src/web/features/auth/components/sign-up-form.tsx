import { messages } from '#shared/messages';
import { signUpSchema, type SignUpInput } from '#shared/schemas/auth';
import { useSignUp } from '#web/data/session-mutations';
import { AuthForm, type AuthField } from './auth-form';

const fields: readonly AuthField<SignUpInput>[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', half: true },
  { name: 'companyName', label: 'Company name', type: 'text', autoComplete: 'organization' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: messages.auth.newPasswordHint,
  },
];

/** The account creation form (name, company, email, password). */
export function SignUpForm() {
  const signUp = useSignUp();
  return (
    <AuthForm
      schema={signUpSchema}
      defaultValues={{ firstName: '', lastName: '', companyName: '', email: '', password: '' }}
      fields={fields}
      submitLabel="Create Account"
      mutation={signUp}
    />
  );
}
