import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId } from '#shared/paths';
import {
  customFieldSchema,
  type CreateCustomFieldInput,
  type UpdateCustomFieldInput,
} from '#shared/schemas/custom-fields';
import { apiRequest } from '#web/lib/api-client';
import { customFieldsKey } from '#web/lib/query-keys';

/** A mutation that refreshes the field list once it settles. */
function useFieldMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldsKey }),
  });
}

/** POST /api/custom-fields (Full Access). */
export function useCreateCustomField() {
  return useFieldMutation((input: CreateCustomFieldInput) =>
    apiRequest(apiPaths.customFields, { method: 'POST', body: input, schema: customFieldSchema }),
  );
}

/** PATCH /api/custom-fields/:id (Full Access): label, options or position. */
export function useUpdateCustomField() {
  return useFieldMutation(({ id, ...input }: UpdateCustomFieldInput & { id: string }) =>
    apiRequest(withId(apiPaths.customField, id), { method: 'PATCH', body: input, schema: customFieldSchema }),
  );
}

/** DELETE /api/custom-fields/:id (Full Access): the field and its values on every prospect. */
export function useDeleteCustomField() {
  return useFieldMutation((id: string) => apiRequest(withId(apiPaths.customField, id), { method: 'DELETE' }));
}
