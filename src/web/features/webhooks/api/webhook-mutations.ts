import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import {
  createdWebhookSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
  type CreateWebhookInput,
  type UpdateWebhookInput,
} from '#shared/schemas/webhooks';
import { apiRequest } from '#web/lib/api-client';
import { webhooksKey } from '#web/lib/query-keys';

/** A mutation that refreshes every webhook query (the list and the logs) once it settles. */
function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** POST /api/webhooks (Full Access): resolves with the endpoint and its signing secret, shown once. */
export function useCreateWebhook() {
  return useWebhookMutation((input: CreateWebhookInput) =>
    apiRequest(apiPaths.webhooks, { method: 'POST', body: input, schema: createdWebhookSchema }),
  );
}

/** PATCH /api/webhooks/:id (Full Access): URL, description, events, or `enabled` on/off. */
export function useUpdateWebhook() {
  return useWebhookMutation(({ id, ...input }: UpdateWebhookInput & { id: string }) =>
    apiRequest(withId(apiPaths.webhook, id), { method: 'PATCH', body: input, schema: webhookEndpointSchema }),
  );
}

/** DELETE /api/webhooks/:id (Full Access): the endpoint and its log. */
export function useDeleteWebhook() {
  return useWebhookMutation((id: string) => apiRequest(withId(apiPaths.webhook, id), { method: 'DELETE' }));
}

/** POST /api/webhooks/:id/rotate-secret (Full Access): resolves with the new secret, shown once. */
export function useRotateWebhookSecret() {
  return useWebhookMutation((id: string) =>
    apiRequest(withId(apiPaths.webhookRotateSecret, id), { method: 'POST', schema: webhookSecretSchema }),
  );
}

/** POST /api/webhooks/:id/test: sends the sample event; resolves with the receiver's answer. */
export function useTestWebhook() {
  return useWebhookMutation((id: string) =>
    apiRequest(withId(apiPaths.webhookTest, id), { method: 'POST', schema: webhookTestResultSchema }),
  );
}

/** POST /api/webhooks/deliveries/:id/redeliver: queues the delivery's event again, same event id. */
export function useRedeliverWebhook() {
  return useWebhookMutation((deliveryId: string) =>
    apiRequest(withId(apiPaths.webhookRedeliver, deliveryId), {
      method: 'POST',
      schema: webhookDeliverySchema,
    }),
  );
}
