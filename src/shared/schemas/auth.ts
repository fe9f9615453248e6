import { z } from 'zod';
import { limits } from '../limits';
import { messages } from '../messages';
import { fieldMessages as f } from './field-messages';

const m = messages.auth;

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(limits.emailMaxLength, m.invalidEmail)
  .pipe(z.email({ error: m.invalidEmail }));

const requiredName = (message: string, field: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(limits.nameMaxLength, f.tooLong(field, limits.nameMaxLength));
const passwordTooLong = f.tooLong('Password', limits.passwordMaxLength);

/** Sign-in form and `POST /api/auth/sign-in/email` body (docs/product.md#validation). */
export const signInSchema = z.strictObject({
  email,
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .max(limits.passwordMaxLength, passwordTooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Sign-up form and `POST /api/auth/sign-up/email` body (docs/product.md#validation): full name = first + last. */
export const signUpSchema = z.strictObject({
  email,
  password: z
    .string({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .min(limits.passwordMinLength, m.passwordTooShort)
    .max(limits.passwordMaxLength, passwordTooLong),
  firstName: requiredName(m.firstNameRequired, 'First name'),
  lastName: requiredName(m.lastNameRequired, 'Last name'),
  companyName: requiredName(m.companyNameRequired, 'Company name'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const roleSchema = z.enum(['member', 'full']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the API presents it (`GET /api/me`). */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  companyName: z.string(),
  role: roleSchema,
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** Full name as the app builds it: first + last, single-spaced. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** The sidebar's Organization line (docs/product.md#sidebar): the company name, or 'Personal' without one. */
export function organizationLabel(companyName: string | null | undefined): string {
  return companyName?.trim() ? companyName.trim() : 'Personal';
}
