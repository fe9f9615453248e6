/**
 * Challenge/response systems (Boxbe, SpamArrest, Mailwasher and self-hosted "sender
 * verification") hold a message until the sender proves to be a person. Their request is
 * neither a reply nor a bounce: it is shown to the user, who may answer it by hand.
 */

/** Wording of a challenge request, and the services known to send them. */
const CHALLENGE =
  /verify (that )?you are (a )?(human|real person|not a (robot|machine))|confirm (that )?you are (a )?(human|real person|not a (robot|machine))|prove (that )?you are (a )?(human|person)|sender verification|verify your (e-?mail )?(address|identity|message)|(to have|for) your (message|e-?mail) (to be )?delivered,? (please )?(click|visit|follow|reply)|awaiting (your )?verification|pending (sender )?verification|added to (my|the) (approved|allowed) senders|\bboxbe\b|spam ?arrest|mailwasher|challenge[- ]response|please (click|reply) .{0,60}to (confirm|verify) (you|your)|message is being held (until|pending)|held pending (your )?(confirmation|verification)/i;

/**
 * True when the subject or the first 20,000 characters of the text ask the sender to verify
 * themselves before the message is delivered.
 */
export function isChallenge(subject: string, text: string): boolean {
  return CHALLENGE.test(subject) || CHALLENGE.test(text.slice(0, 20_000));
}
