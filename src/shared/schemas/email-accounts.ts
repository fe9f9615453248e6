import { z } from 'zod';

/** A mailbox as the campaign forms list it (docs/product.md#entities; secrets never leave the server). */
export const emailAccountSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['connected', 'error']),
  createdAt: z.string(),
});
export type EmailAccountSummary = z.infer<typeof emailAccountSummarySchema>;

/** `GET /api/email-accounts` query: `status=connected` gives what the campaign forms offer (docs/product.md#api). */
export const emailAccountListQuerySchema = z.object({
  status: z.enum(['connected', 'error']).optional(),
});
