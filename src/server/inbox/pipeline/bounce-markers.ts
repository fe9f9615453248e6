/**
 * The wording by which mail servers that send no RFC 3464 report (or send one inside their own
 * text) mark a delivery failure or delay. Written from the formats of Postfix, Sendmail, Exim,
 * qmail, Exchange 2003–Office 365, Gmail, Yahoo, Amazon SES, mail.ru, DragonFly, McAfee,
 * TrendMicro, Verizon, KDDI/au and others, in the languages they use
 * (docs/decisions/013-inbound-classification.md).
 */

/**
 * Sentences that open a delivery failure report: one found in the body is enough to call the
 * message a bounce, whoever sent it, because no person writes these. Plainer wording ("could not
 * be delivered") is in FAILURE_WORDS and counts only from a system sender.
 */
export const REPORT_OPENING = new RegExp(
  [
    'this message was created automatically by mail delivery software',
    'this is the qmail-send program',
    "i'm sorry to have to inform you that your message could not",
    'the following addresses had (permanent fatal|delivery) (errors|problems)',
    'your message did not reach some or all of the intended recipients',
    'delivery has failed to these recipients',
    'delivery to the following recipients? (failed|has been delayed|was aborted)',
    'there was an error delivering your mail to',
    'this is the dragonfly mail agent',
    'an error occurred while trying to deliver the mail to the following recipients',
    'this is an automatically generated delivery status notification',
    'an error has occurred while attempting to deliver a message',
    'the following recipients returned permanent errors',
    'failed addresses follow',
    'this is a delivery failure notification',
    'this is the mail delivery agent at',
    'delivery to the following recipients? was unsuccessful',
    'this is an automatically generated message from (the )?mail(er)? ?daemon',
    "permanent error; i've given up",
    'transcript of session follows',
  ].join('|'),
  'i',
);

/**
 * Failure words in a subject or body (also German, French, Spanish, Italian, Portuguese, Dutch,
 * Russian, Chinese, Japanese): with a daemon sender, a null return path or a returned original, a bounce.
 */
export const FAILURE_WORDS =
  /undeliver(ed|able)|konnte nicht (zugestellt|ausgeliefert) werden|n'a pas pu être (remis|distribué|délivré)|no (se )?(ha )?pudo (ser )?entregar|non (è stato possibile|ha potuto essere) (recapitar|consegnar)|não (foi possível|pôde ser) entreg|kon niet (worden )?(bezorgd|afgeleverd)|не может быть доставлено|не было доставлено|не удалось доставить|(无法|未能)(投递|送达)|not (be )?delivered|couldn't be delivered|did not reach|(trouble|error) delivering|unable to deliver|delivery (status notification|failure|failed|has failed|problem|incomplete|error)|failure notice|failed delivery|failure delivery|returned mail|returning message|mail (delivery )?(failed|failure|error)|could not (be )?(delivered|sent|send)|unable to deliver|non[- ]?delivery|nondeliverable|error (sending|delivering)|(message|mail) (rejected|bounced|not sent)|unzustellbar|nicht zugestellt|non remis|non recapitabile|onbestelbaar|no entregado|не доставлено|mail failure|bounce notification|(e-?mail|message) you sent (was|has been) (rejected|returned|bounced)|(送信|配信|配送)(できません|に失敗)|エラー通知|不達|退信/i;

/** Wording of a delay notice: the server is still trying (Postfix, Sendmail, Exim, Gmail, Exchange). */
export const DELAY_WORDS =
  /\(delay\)|delayed mail|still being retried|will (continue to )?(be )?retr(y|ied)|will (keep|continue) trying|still trying|(this is a )?warning (message )?only|you do not need to resend|has not (yet )?been delivered|not yet been delivered|delivery (is |has been )?delayed|message delayed|delayed \d+ (hours|minutes)|could not send mail for past|attempts will continue|no action is required on your part|will be retried|delivery attempts will continue|temporary failure report|kept in the queue|zustellung verzögert|retardée?/i;

/**
 * Wording only a server's delay notice uses, to tell one from an automatic reply when it has no
 * RFC 3464 part: "Warning: message … delayed 24 hours" (Exim), "(Delay)" (Gmail), "Delivery
 * delayed:" (Exchange), "has not yet been delivered", "will continue to try". Narrower than
 * DELAY_WORDS, which decides delay against failure once the message is known to be a report.
 */
export const DELAY_NOTICE =
  /\(delay\)|delayed mail|\bmessage \S{1,60} delayed|(message|mail|delivery)( of your message)?( to \S{1,100})? (has been |is |was )?delayed|delayed \d+ (hours?|minutes?|days?)|has not (yet )?been delivered|will (continue to|keep) (try|trying|retry)|will be retried|still being retried|delivery attempts will continue|could not send (mail|message) for (the )?past|zustellung verzögert/i;

/** Wording that a server has given up: the report is a failure even if it mentions retrying. */
export const GIVEN_UP =
  /failed permanently|permanent (error|failure|fatal)|given up|giving up|gave up|not going to try again|will not be retried|no further attempts|has expired|was aborted|returned to sender/i;

/** Local parts of the servers' own senders. */
export const DAEMON_LOCAL =
  /^(mailer[-_]?daemon|mail[-_]?daemon|post[-_]?master|mail[-_]?delivery|mdaemon|mailadmin|sysadmin|mail[-_]?administrator|no[-_]?reply|noreply|bounces?|returns?|root|daemon|smtp|mta)$/i;

/** Display names of the servers' own senders ("Mail Delivery System", "Mail Delivery Subsystem", "Postmaster"). */
export const DAEMON_NAME =
  /^["'\s]*(mail(er)?[- _]?daemon|(internet )?mail delivery( (sub)?system| service)?|mail deliver system|delivery status notification|post ?master|mail administrator|mail system)["'\s]*(<|$)/i;

/**
 * A server's refusal of a recipient in the words of a brief plain-text notice (no RFC 3464 part):
 * "user unknown", "no such user", "mailbox unavailable" (RFC 5321 §4.2.2's 550 text), "recipient
 * rejected", "mailbox full", or an SMTP reply with an enhanced status ("550 5.1.1", RFC 3463).
 * Only read in short notices from a system sender or under a failure subject.
 */
export const RECIPIENT_REFUSAL =
  /user unknown|unknown (user|recipient|mailbox|address|local[- ]?part)|no such (user|mailbox|recipient|address|account)|mailbox (is )?(unavailable|not found|full)|(recipient|address|user|mailbox|account) (address )?(rejected|unknown|not found)|(user|recipient|mailbox|account|address)( that)?( you tried to reach)? (does not|doesn't) exist|invalid (recipient|mailbox)|not a valid (mailbox|recipient|user)|unrouteable address|over quota|quota exceeded|\b[45][0-5]\d[ -][45]\.\d{1,3}\.\d{1,3}\b/i;

/** A line that is a server's permanent SMTP refusal ("550 5.1.1 …", ">>> … <<< 550 …", "550 - …"). */
export const SMTP_REFUSAL_LINE =
  /^[ \t]*(?:<<< ?|remote host said: ?)?5[0-5]\d(?:[ -]+5\.\d{1,3}\.\d{1,3})?[ -]+\S/im;

/** Wording that the server refused the message only after reading it (the SMTP DATA stage). */
export const AT_DATA =
  /(after|in reply to|at) (the )?(end of )?data\b|final data|>>> ?data\b|data command|\(data\)|smtp command\s*\n?\s*data\b/i;
/** Wording that the server refused the recipient (the SMTP RCPT stage). */
export const AT_RCPT = /rcpt to|in reply to rcpt|\(rcpt\)/i;
