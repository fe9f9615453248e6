import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import {
  ssoMessages as m,
  ssoSettingsSchema,
  type SsoProvider,
  type SsoSettingsInput,
} from '#shared/schemas/sso';
import { apiPaths } from '#shared/paths';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Label } from '#web/components/ui/label';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings } from '../api/sso-settings';

const roleOptions = [
  { value: 'member', label: 'Member' },
  { value: 'full', label: 'Full Access' },
] as const;

/**
 * Settings → Single sign-on (docs/product.md#single-sign-on): the workspace's OpenID Connect
 * provider. Full Access members set it (issuer, client id and secret, email domains, the role of
 * people who join through it) and remove it; other members see it read-only.
 */
export function SsoTab({ user }: { user: Me }) {
  const settings = useSsoSettings();
  const canEdit = user.workspace.role === 'full';
  const [editing, setEditing] = useState(false);
  if (settings.isPending)
    return (
      <Card className="max-w-2xl">
        <CardContent>
          <TableSkeleton rows={3} />
        </CardContent>
      </Card>
    );
  if (settings.isError) return <ErrorState message={m.loadFailed} onRetry={() => settings.refetch()} />;
  const provider = settings.data;
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <h2 className="text-lg font-semibold">Single sign-on</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          People with an address at your domains sign in through your identity provider (OpenID Connect) and
          join this workspace. Redirect URI for the provider:{' '}
          <code className="break-all">
            {new URL(apiPaths.ssoCallback, window.location.origin).toString()}
          </code>
        </p>
        {editing || (provider && canEdit) ? (
          <SsoForm provider={provider} onDone={() => setEditing(false)} />
        ) : provider ? (
          <ProviderSummary provider={provider} />
        ) : (
          <EmptyState
            icon={KeyRound}
            title="Single sign-on is not set up"
            action={canEdit ? <Button onClick={() => setEditing(true)}>Set Up SSO</Button> : undefined}
          >
            {canEdit
              ? 'Connect Okta, Entra ID, Google Workspace or any OpenID Connect provider.'
              : m.fullAccessOnly}
          </EmptyState>
        )}
      </CardContent>
    </Card>
  );
}

function ProviderSummary({ provider }: { provider: NonNullable<SsoProvider> }) {
  return (
    <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-500 dark:text-slate-400">Issuer</dt>
      <dd className="break-all">{provider.issuer}</dd>
      <dt className="text-slate-500 dark:text-slate-400">Domains</dt>
      <dd>{provider.domains.join(', ')}</dd>
      <dt className="text-slate-500 dark:text-slate-400">New people join as</dt>
      <dd>{roleOptions.find((r) => r.value === provider.defaultRole)?.label}</dd>
    </dl>
  );
}

const fieldNames = ['issuer', 'clientId', 'clientSecret', 'domains', 'defaultRole'] as const;

function SsoForm({ provider, onDone }: { provider: SsoProvider; onDone: () => void }) {
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const { register, handleSubmit, control, setError, formState } = useForm<SsoSettingsInput>({
    resolver: zodResolver(ssoSettingsSchema),
    defaultValues: {
      issuer: provider?.issuer ?? '',
      clientId: provider?.clientId ?? '',
      clientSecret: '',
      domains: provider?.domains.join(', ') ?? '',
      defaultRole: provider?.defaultRole ?? 'member',
    },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast.success(m.saved);
        onDone();
      },
      (error: unknown) => {
        if (!applyServerIssues(error, fieldNames, setError)) toast.error(refusalMessage(error, m.saveFailed));
      },
    ),
  );
  const errors = formState.errors;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      <TextField
        label="Issuer URL"
        placeholder="https://login.example.com"
        error={errors.issuer?.message}
        {...register('issuer')}
      />
      <TextField
        label="Client ID"
        autoComplete="off"
        error={errors.clientId?.message}
        {...register('clientId')}
      />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        hint={provider ? 'Leave empty to keep the saved secret.' : 'Stored encrypted.'}
        error={errors.clientSecret?.message}
        {...register('clientSecret')}
      />
      <TextField
        label="Email domains"
        placeholder="example.com"
        hint="Separated by commas. Your own verified address's domain, or its subdomains."
        error={errors.domains?.message}
        {...register('domains')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="sso-default-role">New people join as</Label>
        <Controller
          control={control}
          name="defaultRole"
          render={({ field }) => (
            <Select
              id="sso-default-role"
              value={field.value}
              onValueChange={field.onChange}
              options={roleOptions}
            />
          )}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          Save SSO
        </Button>
        {provider ? (
          <Button type="button" variant="outline" onClick={() => setConfirmingRemove(true)}>
            Remove SSO
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title="Remove single sign-on?"
        description="People sign in with their password or an emailed link instead. Their accounts stay."
        confirmLabel="Remove SSO"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmingRemove(false);
              toast.success(m.removed);
              onDone();
            },
            onError: (caught) => toast.error(refusalMessage(caught, m.removeFailed)),
          })
        }
      />
    </form>
  );
}
