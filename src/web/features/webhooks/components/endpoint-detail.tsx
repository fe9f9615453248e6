import { KeyRound, Pencil, Power, Send, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { webhookEventLabels } from '#shared/schemas/webhook-events';
import { webhookMessages as m, type WebhookEndpoint, type WebhookTestResult } from '#shared/schemas/webhooks';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
} from '../api/webhook-mutations';
import { DeliveryLog } from './delivery-log';
import { EditEndpointDialog } from './edit-endpoint-dialog';
import { SigningSecretReveal } from './secret-reveal';
import { TestResult } from './test-result';
import { EndpointStatusBadge } from './webhook-status';

/**
 * One endpoint (docs/product.md#webhooks): its URL, events and status; Test (every member) shows
 * the receiver's answer to a sample event; Full Access members edit it, turn it off or on, rotate
 * its secret (the new one shown once) and delete it after confirming. Below, its delivery log.
 */
export function EndpointDetail({
  endpoint,
  manages,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  manages: boolean;
  onClose: () => void;
}) {
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [testResult, setTestResult] = useState<WebhookTestResult | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const disabled = endpoint.status === 'disabled';

  const runTest = () => {
    setTestResult(null);
    test.mutate(endpoint.id, {
      onSuccess: setTestResult,
      onError: (caught) => toast.error(refusalMessage(caught, m.testFailed)),
    });
  };
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, enabled: disabled },
      {
        onSuccess: () => toast.success(disabled ? m.enabled : m.disabled),
        onError: (caught) => toast.error(refusalMessage(caught, m.updateFailed)),
      },
    );

  return (
    <Card className="overflow-hidden" aria-labelledby={`endpoint-${endpoint.id}`}>
      <div className="space-y-4 px-4 pt-5 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`endpoint-${endpoint.id}`} className="font-mono text-sm font-semibold break-all">
              {endpoint.url}
            </h3>
            {endpoint.description && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{endpoint.description}</p>
            )}
            <div className="mt-2">
              <EndpointStatusBadge endpoint={endpoint} />
            </div>
          </div>
          <Button variant="ghost" size="icon" aria-label="Close endpoint details" onClick={onClose}>
            <X aria-hidden className="size-5" />
          </Button>
        </div>
        {disabled && endpoint.disabledAt && (
          <Alert variant="destructive">
            {endpoint.disabledReason ?? 'Disabled'} ({formatDateTime(endpoint.disabledAt)}). It receives no
            events until it is enabled again.
          </Alert>
        )}
        <div>
          <p className="text-sm font-medium">Events</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {endpoint.events.map((type) => (
              <li
                key={type}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {webhookEventLabels[type]}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" loading={test.isPending} onClick={runTest}>
            <Send aria-hidden className="size-4" />
            Send test event
          </Button>
          {manages && (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </Button>
              <Button variant="outline" size="sm" loading={update.isPending} onClick={toggle}>
                <Power aria-hidden className="size-4" />
                {disabled ? 'Enable' : 'Disable'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming('rotate')}>
                <KeyRound aria-hidden className="size-4" />
                Rotate secret
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                onClick={() => setConfirming('delete')}
              >
                <Trash2 aria-hidden className="size-4" />
                Delete
              </Button>
            </>
          )}
        </div>
        {testResult && <TestResult result={testResult} />}
      </div>
      <section aria-label="Deliveries" className="mt-5 border-t border-slate-200 dark:border-slate-800">
        <h4 className="px-4 pt-4 text-sm font-semibold sm:px-6">Deliveries</h4>
        <DeliveryLog endpointId={endpoint.id} canRedeliver={!disabled} />
      </section>

      {manages && <EditEndpointDialog endpoint={endpoint} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Rotate the signing secret?"
        description="Deliveries are signed with a new secret from now on; the receiver must check them with the new one."
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: ({ secret }) => {
              setConfirming(null);
              setNewSecret(secret);
              toast.success(m.rotated);
            },
            onError: (caught) => toast.error(refusalMessage(caught, m.rotateFailed)),
          })
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete this endpoint?"
        description={`Events stop going to ${endpoint.url}, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirming(null);
              toast.success(m.deleted);
              onClose();
            },
            onError: (caught) => toast.error(refusalMessage(caught, m.deleteFailed)),
          })
        }
      />
      <Dialog open={newSecret !== null} onOpenChange={(open) => !open && setNewSecret(null)}>
        <DialogContent title="New signing secret" description={endpoint.url}>
          {newSecret && <SigningSecretReveal secret={newSecret} onDone={() => setNewSecret(null)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
