import { z } from 'zod';
import { limits } from '../limits';
import { pageSchema } from './pagination';
import { fieldMessages as f } from './field-messages';

/** Contact form messages (docs/product.md#validation) and for sending and reading them. */
export const contactMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  sent: 'Thank you! Your message has been sent. We usually reply within one business day.',
  sendFailed: 'Your message could not be sent. Please try again.',
  tooMany: 'You have sent several messages in a short time. Please wait an hour and try again.',
  loadFailed: 'Failed to load messages',
  none: 'No messages yet.',
} as const;

export const contactLimits = {
  subjectMax: 200,
  messageMax: 5000,
  /** Messages accepted per IP address per hour. */
  perIpPerHour: 5,
  pageSize: 20,
} as const;

const m = contactMessages;
const required = (message: string, field: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, f.tooLong(field, max));

/** Contact form and `POST /api/contact` body (docs/product.md#validation). The address pattern is a basic one. */
export const contactInputSchema = z.strictObject({
  name: required(m.nameRequired, 'Name', limits.nameMaxLength),
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .pipe(
      z
        .string()
        .max(limits.emailMaxLength, m.invalidEmail)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, m.invalidEmail),
    ),
  subject: required(m.subjectRequired, 'Subject', contactLimits.subjectMax),
  message: required(m.messageRequired, 'Message', contactLimits.messageMax),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** A stored contact message as the admin list shows it. */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListSchema = pageSchema(contactMessageSchema);
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;
