import { z } from 'zod';
import { limits } from '../limits';
import { messages } from '../messages';
import { roleSchema } from './auth';

/** Settings messages of spec §8. */
export const settingsMessages = {
  profileUpdated: 'Profile updated successfully!',
  profileFailed: 'Error updating profile',
  loadUsersFailed: 'Failed to load users',
  roleUpdated: 'Role updated',
  roleFailed: 'Failed to update role',
} as const;

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(limits.nameMaxLength);

/** Profile form and `PATCH /api/profile` body (spec §5: first, last and company name required). */
export const updateProfileSchema = z.strictObject({
  firstName: requiredName(messages.auth.firstNameRequired),
  lastName: requiredName(messages.auth.lastNameRequired),
  companyName: requiredName(messages.auth.companyNameRequired),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** A user of the install as the Users tab lists them (spec §2: name, email, role, joined date). */
export const teamUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

/** `PATCH /api/users/:id/role` body. */
export const updateRoleSchema = z.strictObject({ role: roleSchema });
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

/** The role selector's labels (spec §6: 'full' reads 'Full Access'). */
export const roleLabels = { member: 'Member', full: 'Full Access' } as const;
