import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '#shared/messages';
import { changePasswordSchema, type ChangePasswordInput } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { TextField } from '#web/components/ui/text-field';
import { useTwoFactorStatus } from '#web/data/session-queries';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useChangePassword } from '../api/account-security-mutations';

const m = messages.auth;
const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const empty: ChangePasswordInput = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  signOutOtherSessions: true,
};

/**
 * Settings → Security: change the password. The form checks what the shared schema can (length,
 * confirmation); the server also refuses a wrong current password and a common new one, each under
 * its field. The other sessions end unless the box is unticked. An account single sign-on made has
 * no password: the card says so instead (until the status has loaded, the form shows).
 */
export function ChangePasswordCard() {
  const status = useTwoFactorStatus();
  if (status.data?.hasPassword === false)
    return (
      <Card className="max-w-2xl">
        <CardContent>
          <h2 className="text-lg font-semibold">Password</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{m.noPasswordToChange}</p>
        </CardContent>
      </Card>
    );
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: empty,
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset(empty);
        toast.success(m.passwordChanged);
      },
      onError: (caught) => {
        if (!applyServerIssues(caught, fields, form.setError))
          toast.error(refusalMessage(caught, m.passwordChangeFailed));
      },
    }),
  );
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <h2 className="text-lg font-semibold">Password</h2>
        <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            className="sm:col-span-2"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={m.newPasswordHint}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Checkbox
            className="sm:col-span-2"
            label="Sign out of my other sessions"
            hint="Anyone signed in with the old password on another device is signed out."
            {...form.register('signOutOtherSessions')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
