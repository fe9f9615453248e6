import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Role } from '../../shared/schemas/auth';
import { ssoMessages as m, type SsoProvider, type SsoSettings } from '../../shared/schemas/sso';
import type { Actor } from '../auth/workspaces';
import type { Database } from '../db/client';
import { ssoDomains, ssoProviders } from '../db/schema/sso';
import { users } from '../db/schema/users';
import { workspaceMembers } from '../db/schema/workspaces';
import { iso } from '../db/sql-helpers';
import { AppError } from '../http/errors';
import { AddressPolicy } from '../net/ssrf-guard';
import { decryptSecret, encryptSecret } from '../secrets';
import { discoverProvider, type OidcReach } from './oidc-client';

/** What saving and using a provider needs: the secret's key and the guarded way to the provider. */
export interface SsoDeps {
  db: Database;
  secretKey: Buffer;
  reach: OidcReach;
}

/** The domain part of an address, lower case. */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The workspace's provider as the settings show it, never its secret; null when none is set. */
export async function getProvider(db: Database, workspaceId: string): Promise<SsoProvider> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.workspaceId, workspaceId));
  if (!row) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.workspaceId, workspaceId))
    .orderBy(ssoDomains.domain);
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    domains: domains.map((d) => d.domain),
    // Single sign-on gives team roles only; the column shares the members' enum (decision 040).
    defaultRole: row.defaultRole === 'full' ? 'full' : 'member',
    updatedAt: iso(row.updatedAt),
  };
}

function assertFull(actor: Actor): void {
  if (actor.role !== 'full') throw AppError.forbidden(m.fullAccessOnly);
}

/**
 * Sets the workspace's provider (docs/product.md#single-sign-on). Checked before saving: every
 * domain is the saver's own verified email domain or a subdomain of it (so no one claims a company
 * they cannot receive mail at), no other workspace has it, the issuer passes the SSRF guard (its
 * literal and its addresses; plain http only on an address CRAWL_ALLOW_PRIVATE allows) and serves a
 * valid discovery document. An empty secret keeps the stored one. Domains are replaced as a whole.
 * @throws AppError FORBIDDEN without Full Access; VALIDATION_ERROR on the field at fault.
 */
export async function saveProvider(
  deps: SsoDeps,
  actor: Actor,
  saver: { email: string; emailVerified: boolean },
  input: SsoSettings,
): Promise<SsoProvider> {
  assertFull(actor);
  const { db } = deps;
  const own = emailDomain(saver.email);
  const foreign = input.domains.find((d) => d !== own && !d.endsWith(`.${own}`));
  if (!saver.emailVerified || foreign) throw AppError.invalidField('domains', m.domainNotYours);
  const [taken] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, input.domains), ne(ssoDomains.workspaceId, actor.workspaceId)));
  if (taken) throw AppError.invalidField('domains', m.domainTaken(taken.domain));

  const issuer = new URL(input.issuer);
  const refused = await deps.reach.policy.refusedHost(issuer.hostname);
  // Plain http only for a provider that is reachable through the allow-list alone (a local test provider).
  const allowedPlain =
    issuer.protocol === 'https:' || (await new AddressPolicy().refusedHost(issuer.hostname)) !== null;
  if (refused || !allowedPlain) throw AppError.invalidField('issuer', m.issuerPrivate);

  const [existing] = await db
    .select({ secret: ssoProviders.clientSecretEncrypted })
    .from(ssoProviders)
    .where(eq(ssoProviders.workspaceId, actor.workspaceId));
  if (!input.clientSecret && !existing) throw AppError.invalidField('clientSecret', m.clientSecretRequired);
  const clientSecretEncrypted = input.clientSecret
    ? encryptSecret(deps.secretKey, input.clientSecret)
    : existing!.secret;
  try {
    await discoverProvider(deps.reach, {
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecret: '',
    });
  } catch {
    throw AppError.invalidField('issuer', m.providerUnreachable);
  }

  const values = {
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretEncrypted,
    defaultRole: input.defaultRole,
  };
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(ssoProviders)
        .values({ workspaceId: actor.workspaceId, ...values })
        .onConflictDoUpdate({ target: ssoProviders.workspaceId, set: { ...values, updatedAt: new Date() } });
      await tx.delete(ssoDomains).where(eq(ssoDomains.workspaceId, actor.workspaceId));
      await tx
        .insert(ssoDomains)
        .values(input.domains.map((domain) => ({ domain, workspaceId: actor.workspaceId })));
    });
  } catch (error) {
    // Another workspace saved one of the domains in the meantime.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505')
      throw AppError.invalidField('domains', m.domainTaken(input.domains.join(', ')));
    throw error;
  }
  return getProvider(db, actor.workspaceId);
}

/**
 * Removes the workspace's provider and its domains; its members keep their accounts and sign in
 * with a password (or an emailed sign-in link). Removing none is no error.
 * @throws AppError FORBIDDEN without Full Access.
 */
export async function deleteProvider(db: Database, actor: Actor): Promise<void> {
  assertFull(actor);
  await db.delete(ssoProviders).where(eq(ssoProviders.workspaceId, actor.workspaceId));
}

/** The provider that serves an address's domain, with its secret decrypted; null when none does. */
export async function providerForEmail(deps: Pick<SsoDeps, 'db' | 'secretKey'>, email: string) {
  const [row] = await deps.db
    .select({
      workspaceId: ssoProviders.workspaceId,
      issuer: ssoProviders.issuer,
      clientId: ssoProviders.clientId,
      clientSecretEncrypted: ssoProviders.clientSecretEncrypted,
      defaultRole: ssoProviders.defaultRole,
    })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.workspaceId, ssoDomains.workspaceId))
    .where(eq(ssoDomains.domain, emailDomain(email)));
  if (!row) return null;
  const { clientSecretEncrypted, ...rest } = row;
  return { ...rest, clientSecret: decryptSecret(deps.secretKey, clientSecretEncrypted) };
}

/** The provider of a workspace by its id, secret decrypted; null when it was removed. */
export async function providerOfWorkspace(deps: Pick<SsoDeps, 'db' | 'secretKey'>, workspaceId: string) {
  const [row] = await deps.db.select().from(ssoProviders).where(eq(ssoProviders.workspaceId, workspaceId));
  if (!row) return null;
  const domains = await deps.db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.workspaceId, workspaceId));
  return {
    workspaceId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: decryptSecret(deps.secretKey, row.clientSecretEncrypted),
    defaultRole: row.defaultRole,
    domains: domains.map((d) => d.domain),
  };
}

/** Who the identity provider says signed in (from the ID token's standard claims). */
export interface SsoIdentity {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** Raised when the address belongs to an account outside the workspace (it is not taken over). */
export class SsoExistingAccountError extends Error {}

/**
 * Just-in-time membership: the user with the identity's address, created when new (no password, no
 * personal workspace, the address verified when the provider says so) and made a member of the
 * workspace with its default role; the workspace becomes the one their requests act on.
 * An account that exists but is not a member is refused: a workspace's provider must not open
 * accounts people made themselves.
 * @returns the user's id.
 * @throws SsoExistingAccountError
 */
export async function admitSsoUser(
  db: Database,
  workspaceId: string,
  defaultRole: Role,
  identity: SsoIdentity,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${identity.email.toLowerCase()}`);
    if (existing) {
      const touched = await tx
        .update(workspaceMembers)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, existing.id)))
        .returning({ userId: workspaceMembers.userId });
      if (touched.length === 0) throw new SsoExistingAccountError();
      return existing.id;
    }
    const name = `${identity.firstName} ${identity.lastName}`.trim() || identity.email;
    const [created] = await tx
      .insert(users)
      .values({
        name,
        email: identity.email.toLowerCase(),
        emailVerified: identity.emailVerified,
        firstName: identity.firstName,
        lastName: identity.lastName,
      })
      .returning({ id: users.id });
    await tx.insert(workspaceMembers).values({ workspaceId, userId: created!.id, role: defaultRole });
    return created!.id;
  });
}
