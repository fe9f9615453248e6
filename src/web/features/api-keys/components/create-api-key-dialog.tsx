import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  apiKeyExpiryChoices,
  apiKeyMessages as m,
  apiKeyNameField,
  apiKeyScopeLabels,
  apiKeyScopesField,
  expiryFor,
  type ApiKeyExpiryChoice,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '#shared/schemas/api-keys';
import { apiKeyScopes, type ApiKeyScope } from '#shared/schemas/webhook-events';
import { SecretReveal } from '#web/components/secret-reveal';
import { Alert } from '#web/components/ui/alert';
import { Checkbox } from '#web/components/ui/checkbox';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';
import { useCreateApiKey } from '../api/api-key-queries';

const expiryKeys = Object.keys(apiKeyExpiryChoices) as [ApiKeyExpiryChoice, ...ApiKeyExpiryChoice[]];
const expiryOptions = expiryKeys.map((value) => ({ value, label: apiKeyExpiryChoices[value].label }));

/** The form: the API's own name and scopes rules (createApiKeySchema), and an expiry choice made a date on sending. */
const formSchema = z.object({
  name: apiKeyNameField,
  scopes: apiKeyScopesField,
  expiry: z.enum(expiryKeys),
});
type Form = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const empty: Form = { name: '', scopes: ['read'], expiry: 'never' };

/**
 * The "Create API key" dialog (docs/decisions/025-public-api-and-webhooks.md): a name, Read and/or
 * Write, and an expiry (never, 30 days, 90 days, 1 year); once created, the secret is shown this
 * once, read-only, with a Copy button. Closing forgets it.
 */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Form, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: empty,
  });
  const errors = form.formState.errors;
  const expiryId = useId();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(empty);
      setCreated(null);
      setError(null);
    }
  };

  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      await create.mutateAsync(createInput(values)).then(
        (key) => {
          setCreated(key);
          toast.success(m.created);
        },
        (caught: unknown) => {
          if (!applyServerIssues(caught, ['name', 'scopes'], form.setError))
            setError(refusalMessage(caught, m.createFailed));
        },
      );
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={created ? `API key ${created.name}` : 'Create API key'}
        description={
          created
            ? 'Send it with each request as "Authorization: Bearer …".'
            : 'A key acts as you in this workspace, limited to what you allow it.'
        }
      >
        {created ? (
          <SecretReveal
            label="API key"
            secret={created.secret}
            notice={m.copyNow}
            onDone={() => close(false)}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <TextField
              label="Name"
              placeholder="Reporting sheet"
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Scopes</legend>
              <Controller
                control={form.control}
                name="scopes"
                render={({ field }) => (
                  <div className="mt-2 space-y-2">
                    {apiKeyScopes.map((scope) => (
                      <Checkbox
                        key={scope}
                        label={apiKeyScopeLabels[scope]}
                        hint={scope === 'read' ? 'Read anything (GET).' : 'Create, change and delete.'}
                        checked={field.value.includes(scope)}
                        onChange={(event) =>
                          field.onChange(toggled(field.value, scope, event.target.checked))
                        }
                      />
                    ))}
                  </div>
                )}
              />
              {errors.scopes && (
                <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.scopes.message}</p>
              )}
            </fieldset>
            <div>
              <Label htmlFor={expiryId}>Expires</Label>
              <Controller
                control={form.control}
                name="expiry"
                render={({ field }) => (
                  <Select
                    id={expiryId}
                    className="mt-1.5"
                    value={field.value}
                    onValueChange={(v) => field.onChange(v as ApiKeyExpiryChoice)}
                    options={expiryOptions}
                  />
                )}
              />
            </div>
            {error && <Alert variant="destructive">{error}</Alert>}
            <DialogFormFooter
              onCancel={() => close(false)}
              submitLabel="Create API key"
              pending={create.isPending}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The POST body of the form's values: the expiry choice becomes a date that many days from now. */
function createInput({ name, scopes, expiry }: FormOutput): CreateApiKeyInput {
  const expiresAt = expiryFor(expiry, Date.now());
  return expiresAt ? { name, scopes, expiresAt } : { name, scopes };
}

/** `scopes` with `scope` added or taken out, in the order the API names them. */
function toggled(scopes: readonly ApiKeyScope[], scope: ApiKeyScope, on: boolean): ApiKeyScope[] {
  return apiKeyScopes.filter((s) => (s === scope ? on : scopes.includes(s)));
}
