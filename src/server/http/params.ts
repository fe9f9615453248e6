import { z } from 'zod';

/** Path parameters of a route on one resource (`/…/:id`): the id is a UUID, else 400 VALIDATION_ERROR. */
export const idParams = z.object({ id: z.uuid() });

/** The mailbox routes' path parameters: a malformed id reads as the mailbox not found, in the user's words. */
export const mailboxIdParams = z.object({ id: z.uuid({ error: 'Email account not found' }) });
