import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import {
  emailVerificationMessages as m,
  verificationSettingsInputSchema,
  verifierLabels,
  type VerificationSettings,
  type VerificationSettingsInput,
} from '#shared/schemas/email-verification';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { Label } from '#web/components/ui/label';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useSaveVerificationSettings, useVerificationSettings } from '../api/verification-settings';

const providerOptions = [
  { value: 'none', label: 'None' },
  { value: 'hunter', label: verifierLabels.hunter },
  { value: 'zerobounce', label: verifierLabels.zerobounce },
  { value: 'neverbounce', label: verifierLabels.neverbounce },
] as const;

/**
 * Settings → Email verification (docs/decisions/047-address-verification.md): the provider that
 * gives each address its verdict (with the workspace's own API key, stored encrypted) and
 * LinkPilot's own SMTP check, off by default and explained. Full Access members save them; other
 * members see them read-only.
 */
export function EmailVerificationTab({ user }: { user: Me }) {
  const settings = useVerificationSettings();
  if (settings.isPending)
    return (
      <Card className="max-w-2xl">
        <CardContent>
          <TableSkeleton rows={3} />
        </CardContent>
      </Card>
    );
  if (settings.isError) return <ErrorState message={m.loadFailed} onRetry={() => settings.refetch()} />;
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <h2 className="text-lg font-semibold">Email verification</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each address gets a verdict — deliverable, undeliverable, risky (the domain accepts every address)
          or unknown — kept with its date. Send Emails skips undeliverable addresses and asks before sending
          to risky ones. Verify a campaign’s addresses from its Prospects tab.
        </p>
        <VerificationForm settings={settings.data} canEdit={user.workspace.role === 'full'} />
      </CardContent>
    </Card>
  );
}

function VerificationForm({ settings, canEdit }: { settings: VerificationSettings; canEdit: boolean }) {
  const save = useSaveVerificationSettings();
  const { register, handleSubmit, control, setError, formState } = useForm<VerificationSettingsInput>({
    resolver: zodResolver(verificationSettingsInputSchema),
    defaultValues: { provider: settings.provider, apiKey: '', smtpCheck: settings.smtpCheck },
  });
  const provider = useWatch({ control, name: 'provider' });
  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => toast.success(m.saved),
      (error: unknown) => {
        if (!applyServerIssues(error, ['provider', 'apiKey', 'smtpCheck'] as const, setError))
          toast.error(refusalMessage(error, m.saveFailed));
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      <fieldset disabled={!canEdit} className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="verification-provider">Verification provider</Label>
          <Controller
            control={control}
            name="provider"
            render={({ field }) => (
              <Select
                id="verification-provider"
                value={field.value ?? 'none'}
                onValueChange={(v) => field.onChange(v === 'none' ? null : v)}
                options={providerOptions}
              />
            )}
          />
        </div>
        {provider && (
          <TextField
            label="API key"
            type="password"
            autoComplete="new-password"
            hint={
              settings.provider === provider && settings.keyEnding
                ? `Saved key ends in ${settings.keyEnding}. Leave empty to keep it.`
                : 'Your own key from the provider’s dashboard. Stored encrypted; each address verified uses its credits.'
            }
            error={formState.errors.apiKey?.message}
            {...register('apiKey')}
          />
        )}
        <Controller
          control={control}
          name="smtpCheck"
          render={({ field }) => (
            <Checkbox
              label="Also check addresses with LinkPilot’s own SMTP check"
              hint="LinkPilot asks the address’s mail server whether it takes mail for it (RCPT TO, then RSET — nothing is sent), and tries a made-up address to find domains that accept everything. Off by default: this server’s IP must be allowed to reach port 25, which many hosting providers block, and some mail servers count such checks against the IP. Mail servers on private networks are never asked."
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          )}
        />
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" loading={save.isPending}>
            Save Verification Settings
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{m.fullAccessOnly}</p>
      )}
    </form>
  );
}
