/**
 * Challenge/response systems (Boxbe, SpamArrest, MailWasher and self-hosted "sender
 * verification") hold a message until the sender proves to be a person. Their request is
 * neither a reply nor a bounce: it is shown to the user, who may answer it by hand.
 */

/** Wording no person writes in a reply: a challenge wherever it comes from. */
const CHALLENGE =
  /verify (that )?you are (a )?(human|real person|not a (robot|machine))|confirm (that )?you are (a )?(human|real person|not a (robot|machine))|prove (that )?you are (a )?(human|person)|sender verification|(to have|for) your (message|e-?mail) (to be )?delivered,? (please )?(click|visit|follow|reply)|awaiting (your )?verification|pending (sender )?verification|\bboxbe\b|spam ?arrest|mailwasher|challenge[- ]response|message is being held (until|pending)|held pending (your )?(confirmation|verification)/i;

/** Wording a person may also write ("please verify your address"): a challenge only from a machine. */
const AUTOMATED_CHALLENGE =
  /verify your (e-?mail )?(address|identity|message)|added to (my|the) (approved|allowed) senders|please (click|reply) .{0,60}to (confirm|verify) (you|your)/i;

/**
 * True when the subject or the first 20,000 characters of the person's own text ask the sender to
 * verify themselves before the message is delivered; `automated` (RFC 3834 headers, a null return
 * path) admits the plainer wording too.
 */
export function isChallenge(subject: string, ownText: string, automated: boolean): boolean {
  const text = `${subject}\n${ownText.slice(0, 20_000)}`;
  return CHALLENGE.test(text) || (automated && AUTOMATED_CHALLENGE.test(text));
}
