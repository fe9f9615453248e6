import { useState } from 'react';
import { toast } from 'sonner';
import { webhookMessages as m, type CreatedWebhook } from '#shared/schemas/webhooks';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useCreateWebhook } from '../api/webhook-mutations';
import { EndpointForm, type EndpointSubmit } from './endpoint-form';
import { SigningSecretReveal } from './secret-reveal';

/**
 * The "Add endpoint" dialog (docs/product.md#webhooks): URL, description and events; once added,
 * the signing secret is shown this once with Copy. Closing forgets it.
 */
export function AddEndpointDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded?: (endpointId: string) => void;
}) {
  const create = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  const submit: EndpointSubmit = (values, setError) =>
    create.mutateAsync(values).then(
      (endpoint) => {
        setCreated(endpoint);
        toast.success(m.created);
        onAdded?.(endpoint.id);
        return null;
      },
      (caught: unknown) =>
        applyServerIssues(caught, ['url', 'description', 'events'], setError)
          ? null
          : refusalMessage(caught, m.createFailed),
    );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-2xl"
        title={created ? 'Endpoint added' : 'Add endpoint'}
        description={
          created
            ? created.url
            : 'LinkPilot posts the events you choose to this URL, signed with a secret only you and it know.'
        }
      >
        {created ? (
          <SigningSecretReveal secret={created.secret} onDone={() => close(false)} />
        ) : (
          <EndpointForm
            defaultValues={{ url: '', description: '', events: [] }}
            submitLabel="Add endpoint"
            onSubmit={submit}
            onCancel={() => close(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
