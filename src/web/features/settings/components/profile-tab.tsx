import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import {
  settingsMessages as m,
  updateProfileSchema,
  type UpdateProfileInput,
} from '#shared/schemas/settings';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues } from '#web/lib/form-errors';
import { useUpdateProfile } from '../api/settings-queries';

/** Profile tab (docs/product.md#settings, docs/product.md#validation): first, last and company name editable and required; email read-only. */
export function ProfileTab({ user }: { user: Me }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, companyName: user.companyName },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (me) => {
        form.reset({ firstName: me.firstName, lastName: me.lastName, companyName: me.companyName });
        toast.success(m.profileUpdated);
      },
      onError: (caught) => {
        applyServerIssues(caught, ['firstName', 'lastName', 'companyName'], form.setError);
        toast.error(m.profileFailed);
      },
    }),
  );
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <TextField
            label="Company name"
            autoComplete="organization"
            className="sm:col-span-2"
            error={errors.companyName?.message}
            {...form.register('companyName')}
          />
          <TextField
            label="Email"
            type="email"
            value={user.email}
            readOnly
            disabled
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
