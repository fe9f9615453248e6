import { z } from 'zod';
import { limits } from '../limits';
import { messages } from '../messages';
import { roleSchema, teamRoleSchema } from './auth';

/** Settings messages (docs/product.md#errors). */
export const settingsMessages = {
  profileUpdated: 'Profile updated successfully!',
  profileFailed: 'Error updating profile',
  loadUsersFailed: 'Failed to load users',
  roleUpdated: 'Role updated',
  roleFailed: 'Failed to update role',
  memberRemoved: (name: string) => `${name} was removed from the workspace`,
  removeFailed: 'Failed to remove the member',
  sendingUpdated: 'Sending settings saved',
  sendingFailed: 'Failed to save sending settings',
  sendingLoadFailed: 'Failed to load sending settings',
  invalidTimeZone: 'Please enter a time zone such as Europe/Berlin or America/New_York',
  noSendingDay: 'Choose at least one sending day',
  invalidDay: 'Sending days are Monday to Sunday',
  hourRange: 'Hours go from 0 to 24',
  emptyWindow: 'The window must end after it starts',
  postalAddressTooLong: 'The postal address is too long',
} as const;

const m = settingsMessages;

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(limits.nameMaxLength);

/** Profile form and `PATCH /api/profile` body (docs/product.md#validation: first, last and company name required). */
export const updateProfileSchema = z.strictObject({
  firstName: requiredName(messages.auth.firstNameRequired),
  lastName: requiredName(messages.auth.lastNameRequired),
  companyName: requiredName(messages.auth.companyNameRequired),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** A member of the workspace as the Users tab lists them (docs/product.md#settings: name, email, role, joined date). */
export const teamUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The client a Client-role member belongs to (docs/decisions/040-client-role.md); absent for the team. */
  client: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** When they joined the workspace. */
  joinedAt: z.string(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

/**
 * `PATCH /api/users/:id/role` body: a team role. The Client role is given only by an invitation
 * for a client, and never changed into a team role (docs/decisions/040-client-role.md).
 */
export const updateRoleSchema = z.strictObject({ role: teamRoleSchema });
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

/** The role selector's labels (docs/product.md#roles: 'full' reads 'Full Access'). */
export const roleLabels = { member: 'Member', full: 'Full Access', client: 'Client' } as const;

/** True for an IANA time zone name the runtime knows ('Europe/Berlin', 'UTC'); offsets and abbreviations are refused. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** ISO weekdays (1 = Monday) with their short labels, in week order. */
export const weekdays = [
  { day: 1, label: 'Mon' },
  { day: 2, label: 'Tue' },
  { day: 3, label: 'Wed' },
  { day: 4, label: 'Thu' },
  { day: 5, label: 'Fri' },
  { day: 6, label: 'Sat' },
  { day: 7, label: 'Sun' },
] as const;

const hour = z.number({ error: m.hourRange }).int(m.hourRange).min(0, m.hourRange).max(24, m.hourRange);

/**
 * The Profile tab's sending settings and `PUT /api/profile/sending` (docs/decisions/009-outreach-sending.md): the postal
 * address printed in the footer of outreach messages (empty: no footer), and the sending window —
 * ISO weekdays and local hours [start, end) in an IANA time zone. 0–24 on every day means "always".
 */
export const sendingSettingsSchema = z
  .strictObject({
    postalAddress: z
      .string()
      .trim()
      .max(500, m.postalAddressTooLong)
      .transform((v) => v || null)
      .nullable(),
    timeZone: z.string().trim().refine(isTimeZone, m.invalidTimeZone),
    sendWindowDays: z
      .array(z.number().int(m.invalidDay).min(1, m.invalidDay).max(7, m.invalidDay))
      .min(1, m.noSendingDay)
      // Seven weekdays: a longer list can only be a hostile body.
      .max(7, m.invalidDay)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    sendWindowStartHour: hour,
    sendWindowEndHour: hour,
  })
  .refine((v) => v.sendWindowEndHour > v.sendWindowStartHour, {
    message: m.emptyWindow,
    path: ['sendWindowEndHour'],
  });
export type SendingSettingsInput = z.input<typeof sendingSettingsSchema>;
export type SendingSettings = z.output<typeof sendingSettingsSchema>;
export type SavedSendingSettings = z.infer<typeof savedSendingSettingsSchema>;

/** The sending settings as stored and answered by `GET`/`PUT /api/profile/sending`. */
export const savedSendingSettingsSchema = z.object({
  postalAddress: z.string().nullable(),
  timeZone: z.string(),
  sendWindowDays: z.array(z.number().int()),
  sendWindowStartHour: z.number().int(),
  sendWindowEndHour: z.number().int(),
});
