/**
 * Local parts of role addresses: a shared inbox or a robot rather than a person. A prospect at one
 * is flagged 'role' but still enrolled — on a small site info@ is often the owner — so the user
 * can choose a person's address instead (docs/decisions/015-sender-domain-and-address-checks.md).
 */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse',
  'admin',
  'administrator',
  'billing',
  'contact',
  'do-not-reply',
  'donotreply',
  'enquiries',
  'feedback',
  'hello',
  'help',
  'hostmaster',
  'info',
  'jobs',
  'mail',
  'mailer-daemon',
  'marketing',
  'no-reply',
  'noreply',
  'office',
  'postmaster',
  'press',
  'privacy',
  'sales',
  'security',
  'support',
  'team',
  'webmaster',
]);
