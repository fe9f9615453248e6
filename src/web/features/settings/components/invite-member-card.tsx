import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailField, roleSchema, type Role } from '#shared/schemas/auth';
import { invitationMessages as m, type IssuedInvitation } from '#shared/schemas/invitations';
import { roleLabels } from '#shared/schemas/settings';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { formatDate } from '#web/lib/format';
import { useCopy } from '#web/lib/use-copy';
import { clientOptionsQuery } from '#web/data/client-options';
import { useCreateInvitation } from '../api/invitation-queries';
import { PendingInvitations } from './pending-invitations';

const roleOptions = (Object.keys(roleLabels) as Role[]).map((r) => ({ value: r, label: roleLabels[r] }));
/** The Client role is offered once the workspace has a client to give (docs/decisions/040-client-role.md). */
const teamRoleOptions = roleOptions.filter((o) => o.value !== 'client');

/**
 * The invite form: an address (checked with the shared email rule) unless "Anyone with the link" is
 * ticked, which disables the field and sends `email: null`.
 */
const inviteFormSchema = z
  .object({ email: z.string().optional(), role: roleSchema, clientId: z.string(), anyone: z.boolean() })
  .superRefine((value, ctx) => {
    if (value.role === 'client' && !value.clientId)
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: m.clientRequired });
    if (value.anyone) return;
    const parsed = emailField.safeParse(value.email ?? '');
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: parsed.error.issues[0]?.message });
  });
type InviteForm = z.infer<typeof inviteFormSchema>;

const empty: InviteForm = { email: '', role: 'member', clientId: '', anyone: false };

/**
 * Settings → Users, for Full Access members (docs/product.md#roles): invite by email or make a link
 * for anyone, then copy the link (shown whether or not it was emailed); below, the pending
 * invitations with Re-send (a new link, shown the same way) and Revoke.
 */
export function InviteMemberCard({ workspaceName }: { workspaceName: string }) {
  const create = useCreateInvitation();
  const [issued, setIssued] = useState<IssuedInvitation | null>(null);
  const form = useForm<InviteForm>({ resolver: zodResolver(inviteFormSchema), defaultValues: empty });
  const anyone = useWatch({ control: form.control, name: 'anyone' });
  const role = useWatch({ control: form.control, name: 'role' });
  const clients = useQuery(clientOptionsQuery());
  const errors = form.formState.errors;
  const roleId = useId();
  const clientId = useId();

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      {
        email: values.anyone ? null : (values.email ?? '').trim(),
        role: values.role,
        ...(values.role === 'client' ? { clientId: values.clientId } : {}),
      },
      {
        onSuccess: (result) => {
          setIssued(result);
          form.reset(empty);
          toast.success(
            result.delivery === 'email' && result.invitation.email
              ? m.invited(result.invitation.email)
              : m.linkCreated,
          );
        },
        onError: (caught) => {
          if (!applyServerIssues(caught, ['email', 'clientId'], form.setError))
            toast.error(refusalMessage(caught, m.inviteFailed));
        },
      },
    ),
  );

  return (
    <Card>
      <CardContent>
        <h2 className="text-lg font-semibold">Invite members</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Invite people to {workspaceName}. An invitation link works once, for 7 days.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            placeholder={anyone ? 'Anyone with the link' : 'name@example.com'}
            error={errors.email?.message}
            {...form.register('email', { disabled: anyone })}
          />
          <div>
            <Label htmlFor={roleId}>Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  id={roleId}
                  className="mt-1.5"
                  value={field.value}
                  onValueChange={(v) => field.onChange(v as Role)}
                  options={(clients.data?.length ?? 0) > 0 ? roleOptions : teamRoleOptions}
                />
              )}
            />
          </div>
          {role === 'client' && (
            // A Client sees one client's placements and reports, read only (docs/product.md#roles).
            <div className="sm:col-span-2">
              <Label htmlFor={clientId}>Client</Label>
              <Controller
                control={form.control}
                name="clientId"
                render={({ field }) => (
                  <Select
                    id={clientId}
                    className="mt-1.5"
                    invalid={Boolean(errors.clientId)}
                    value={field.value || undefined}
                    placeholder="Choose a client"
                    onValueChange={(v) => field.onChange(v)}
                    options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  />
                )}
              />
              {errors.clientId?.message ? (
                <p role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                  {errors.clientId.message}
                </p>
              ) : (
                <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
                  They will see this client’s placements and reports only, read only.
                </p>
              )}
            </div>
          )}
          <Checkbox
            className="sm:col-span-2"
            label="Anyone with the link"
            hint="No email is sent: copy the link and share it yourself. Whoever opens it first can join."
            {...form.register('anyone', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked) {
                  form.setValue('email', '');
                  form.clearErrors('email');
                }
              },
            })}
          />
          <div className="sm:col-span-2">
            <Button type="submit" loading={create.isPending} className="w-full sm:w-auto">
              Invite
            </Button>
          </div>
        </form>
        {issued && <IssuedLink issued={issued} />}
        <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          <PendingInvitations
            onResent={setIssued}
            onRevoked={(id) => setIssued((shown) => (shown?.invitation.id === id ? null : shown))}
          />
        </div>
      </CardContent>
    </Card>
  );
}

/** The link of a new or re-sent invitation, read-only, with a Copy link button. */
function IssuedLink({ issued }: { issued: IssuedInvitation }) {
  const { copied, copy } = useCopy();
  const id = useId();
  const { invitation, link } = issued;
  return (
    <div
      aria-live="polite"
      className="mt-5 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <Label htmlFor={id}>Invitation link</Label>
      <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400">
        {invitation.email ? `For ${invitation.email}` : 'For anyone with the link'}, as{' '}
        {roleLabels[invitation.role]}. Copy it and send it; it works once, until{' '}
        {formatDate(invitation.expiresAt)}.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={() => void copy(link)}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}
