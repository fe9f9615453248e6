import { ssoStartSchema, type SsoStartInput } from '#shared/schemas/sso';
import { useSsoStart } from '../api/sso-mutations';
import { AuthForm, type AuthField } from './auth-form';

const fields: readonly AuthField<SsoStartInput>[] = [
  {
    name: 'email',
    label: 'Work email',
    type: 'email',
    autoComplete: 'email',
    hint: 'Your company signs you in; we find it by your address.',
  },
];

/** "Sign in with SSO": the work address whose domain picks the workspace's identity provider. */
export function SsoSignInForm() {
  const start = useSsoStart();
  return (
    <AuthForm
      schema={ssoStartSchema}
      defaultValues={{ email: '' }}
      fields={fields}
      submitLabel="Continue with SSO"
      mutation={start}
    />
  );
}
