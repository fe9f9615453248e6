import { toast } from 'sonner';
import { webhookMessages as m, type WebhookEndpoint } from '#shared/schemas/webhooks';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useUpdateWebhook } from '../api/webhook-mutations';
import { EndpointForm, type EndpointSubmit } from './endpoint-form';

/** The Edit dialog of an endpoint: its URL, description and events, saved with PATCH. */
export function EditEndpointDialog({
  endpoint,
  open,
  onOpenChange,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateWebhook();
  const submit: EndpointSubmit = (values, setError) =>
    update.mutateAsync({ id: endpoint.id, ...values }).then(
      () => {
        toast.success(m.updated);
        onOpenChange(false);
        return null;
      },
      (caught: unknown) =>
        applyServerIssues(caught, ['url', 'description', 'events'], setError)
          ? null
          : refusalMessage(caught, m.updateFailed),
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" title="Edit endpoint">
        {/* Mounted while open only, so it starts from the endpoint as it is now. */}
        {open && (
          <EndpointForm
            defaultValues={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
            submitLabel="Save"
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
