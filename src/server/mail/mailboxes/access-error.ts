/**
 * A stored mailbox cannot be used as it is (Google refused its token, or its server now resolves to
 * a private address): the mailbox turns 'Connection Error' with this message, and its queued
 * messages wait until the user reconnects it.
 */
export class MailboxAccessError extends Error {}
