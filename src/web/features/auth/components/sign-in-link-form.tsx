import { useMutation } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { apiPaths } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import { signInLinkSchema, type SignInLinkInput } from '#shared/schemas/auth';
import { Alert } from '#web/components/ui/alert';
import { apiRequest } from '#web/lib/api-client';
import { AuthForm, type AuthField } from './auth-form';

const fields: readonly AuthField<SignInLinkInput>[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/** "Email me a sign-in link": asks for a one-time link to the address (the same answer for any address). */
export function SignInLinkForm() {
  const send = useMutation({
    mutationFn: (input: SignInLinkInput) =>
      apiRequest(apiPaths.signInLink, { method: 'POST', body: input, schema: okSchema }),
  });
  if (send.isSuccess) return <Alert>{messages.auth.signInLinkSent}</Alert>;
  return (
    <AuthForm
      schema={signInLinkSchema}
      defaultValues={{ email: '' }}
      fields={fields}
      submitLabel="Email Me a Link"
      mutation={send}
    />
  );
}
