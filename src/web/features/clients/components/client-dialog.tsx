import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { clientMessages as m, type Client } from '#shared/schemas/clients';
import { Alert } from '#web/components/ui/alert';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { useCreateClient, useUpdateClient, useUploadClientLogo } from '../api/client-queries';

/** One entry a line (or separated by commas), blanks dropped. */
const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Add or edit a client (docs/product.md#clients): name, its own domains, report addresses, and (once
 * it exists) its logo. `client` undefined: closed; null: a new one.
 */
export function ClientDialog({
  client,
  onClose,
}: {
  client: Client | null | undefined;
  onClose: () => void;
}) {
  // Keyed by the client, so each opening starts from its stored values.
  return client === undefined ? null : (
    <ClientForm key={client?.id ?? 'new'} client={client} onClose={onClose} />
  );
}

function ClientForm({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const [name, setName] = useState(client?.name ?? '');
  const [domains, setDomains] = useState(client?.domains.join('\n') ?? '');
  const [emails, setEmails] = useState(client?.reportEmails.join('\n') ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const create = useCreateClient();
  const update = useUpdateClient();
  const logo = useUploadClientLogo();

  const pending = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const input = { name, domains: lines(domains), reportEmails: lines(emails) };
    const saving = client ? update.mutateAsync({ id: client.id, input }) : create.mutateAsync(input);
    await saving.then(
      () => {
        toast.success(m.saved);
        onClose();
      },
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.issues.length)
          setErrors(Object.fromEntries(caught.issues.map((i) => [i.path.split('.')[0]!, i.message])));
        else setError(refusalMessage(caught, m.saveFailed));
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={client ? 'Edit client' : 'Add client'} description="Who you build links for.">
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <TextField
            label="Name"
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextareaField
            label="Domains"
            hint="The client's own sites, one a line (example.com)."
            rows={3}
            value={domains}
            error={errors.domains}
            onChange={(e) => setDomains(e.target.value)}
          />
          <TextareaField
            label="Report addresses"
            hint="Where the client's reports go, one a line."
            rows={2}
            value={emails}
            error={errors.reportEmails}
            onChange={(e) => setEmails(e.target.value)}
          />
          {client && (
            <div>
              <Label htmlFor="client-logo">Logo</Label>
              <div className="mt-1.5 flex items-center gap-3">
                {client.logoUrl && (
                  <img src={client.logoUrl} alt="" className="size-10 rounded object-contain" />
                )}
                <input
                  id="client-logo"
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-200"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file)
                      logo.mutate(
                        { id: client.id, file },
                        {
                          onSuccess: () => toast.success('Logo saved'),
                          onError: (caught) => toast.error(refusalMessage(caught, m.logoFailed)),
                        },
                      );
                  }}
                />
              </div>
            </div>
          )}
          {error && <Alert variant="destructive">{error}</Alert>}
          <DialogFormFooter
            onCancel={onClose}
            submitLabel={client ? 'Save client' : 'Add client'}
            pending={pending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
