import { z } from 'zod';
import { emailField, roleSchema } from './auth';

/** How long an invitation link works (docs/decisions/023-workspaces-and-roles.md): 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What the invitation screens and the API say (docs/product.md#roles). */
export const invitationMessages = {
  invited: (to: string) => `Invitation sent to ${to}`,
  linkCreated: 'Invitation link created. Copy it and send it to the person you invite.',
  inviteFailed: 'Failed to create the invitation',
  resent: 'A new link was made; the old one no longer works',
  revoked: 'Invitation revoked',
  alreadyMember: 'This person is already a member of the workspace.',
  memberLimit: (max: number) =>
    `This workspace has reached its limit of ${max} team user${max === 1 ? '' : 's'}. The Professional plan has unlimited users.`,
  notFound: 'This invitation link is not valid. Ask for a new one.',
  expired: 'This invitation has expired. Ask for a new one.',
  revokedLink: 'This invitation was revoked. Ask for a new one.',
  used: 'This invitation has already been used.',
  verifyFirst: 'Verify your email address first, then open this invitation again.',
  verifyToJoin: 'Your email address must be verified before you can join.',
  otherEmail: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  joined: (workspace: string) => `You joined ${workspace}`,
  loadFailed: 'Failed to load the invitations',
  resendFailed: 'Failed to re-send the invitation',
  revokeFailed: 'Failed to revoke the invitation',
  previewFailed: 'Failed to load the invitation',
  acceptFailed: 'Failed to join the workspace',
  clientRequired: 'Choose the client this person belongs to.',
  clientOnlyForClientRole: 'Only an invitation with the Client role names a client.',
  clientNotFound: 'This client does not exist in the workspace.',
} as const;

/**
 * `POST /api/invitations` body: an address (or null: anyone with the link), the role to join with
 * and, for the Client role only, the workspace's client they belong to (docs/decisions/040-client-role.md).
 */
export const createInvitationSchema = z
  .strictObject({
    email: emailField.nullable(),
    role: roleSchema,
    clientId: z
      .string()
      .nullish()
      .transform((v) => v || null)
      .pipe(z.uuid(invitationMessages.clientNotFound).nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'client' && !v.clientId)
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: invitationMessages.clientRequired });
    if (v.role !== 'client' && v.clientId)
      ctx.addIssue({
        code: 'custom',
        path: ['clientId'],
        message: invitationMessages.clientOnlyForClientRole,
      });
  });
/** The client an invitation or a member is for (Client role only). */
const clientRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** A pending invitation as the Users tab lists it (never its token). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  /** The client of a Client-role invitation; null otherwise. */
  client: clientRefSchema.optional(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * A new (or re-sent) invitation with its link: shown once, to copy; `delivery` says whether it was
 * emailed ('email') or only made ('link': no address, or the app has no SMTP server).
 */
export const issuedInvitationSchema = z.object({
  invitation: invitationSchema,
  link: z.string(),
  delivery: z.enum(['email', 'link']),
});
export type IssuedInvitation = z.infer<typeof issuedInvitationSchema>;

/** What an invitation link shows before it is accepted (`GET /api/invitations/preview/:token`). */
export const invitationPreviewSchema = z.object({
  workspace: z.string(),
  invitedBy: z.string().nullable(),
  role: roleSchema,
  /** The client's name of a Client-role invitation; null otherwise. */
  clientName: z.string().nullable().optional(),
  email: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** `POST /api/invitations/accept` body. */
export const acceptInvitationSchema = z.strictObject({ token: z.string().min(1).max(200) });
