/**
 * Why a delivery failed and what that means for the address (docs/decisions/013-inbound-classification.md).
 * The reasons are sisimai's taxonomy; the patterns are ours, written from the wording mail servers
 * use. Order matters: specific causes are tried before the general "no such user", so that
 * "550 5.1.1 mailbox full" or "550 5.7.1 … listed at Spamhaus" are not read as a dead address.
 */
import type { Bounce, BounceReason } from '../../mail/messages/inbound';

/** Reasons whose pattern is tried on the server's words, in this order. */
const PATTERNS: [BounceReason, RegExp][] = [
  [
    'mailboxfull',
    /mail ?box (is |was |has )?(full|over|exceeded|size limit)|(over|exceeded?|reached)( (the|his|her|its|their|your))?( (disk|storage|mailbox|mail|account))? ?quota|quota (exceeded|full|limit)|(user|recipient|account|mailbox) is over|insufficient (disk )?(space|storage)|not enough (disk |storage )?space|(account|inbox|mailfolder|mail ?box|mailbox storage) (is )?full|storage (space )?(limit|full|quota)|exceeded storage allocation|too many messages (in|on) (the |this )?(mail)?box|disk full|size of the mailbox|mailbox has exceeded|boîte (aux lettres )?pleine|postfach (ist )?voll|ящик переполнен/i,
  ],
  [
    'exceedlimit',
    /message (size |length )?(is )?too (big|large|long)|(message|mail|data) size (exceeds|limit|too)|exceeds? (the )?(maximum|max|size|message size|fixed) ?(allowed )?(message )?(size|limit)|size exceeds|message exceeds|too much mail data|line too long|too many recipients/i,
  ],
  [
    'suspend',
    /(account|mail ?box|user|recipient|address)( has been| is| was)? (temporarily )?(disabled|suspended|deactivated|inactive|frozen|locked|not active|on hold|blocked by administrator)|(disabled|suspended|inactive|deactivated|expired) (account|mailbox|user|recipient)|mailbox (currently )?(unavailable|disabled) for|this account (has been|is) (disabled|suspended|closed)|account (closed|expired)|temporar(il)?y locked|(account|mail ?box) (that )?you tried to reach is (disabled|inactive|suspended|deactivated)|receiving mail (is )?(disabled|suspended)/i,
  ],
  [
    'hasmoved',
    /\bhas been replaced by\b|address has (been )?changed|no longer (uses|receives mail at) this address|has moved to/i,
  ],
  [
    'norelaying',
    /relay(ing)? (access )?(denied|not (permitted|allowed|authorized)|prohibited|disallowed|refused)|(not|unable to|cannot|can't|we do not) (permitted to )?relay|no relaying|relay not permitted|not a gateway|open relay|not allowed to relay|relay access/i,
  ],
  [
    'authfailure',
    /\b(spf|dkim|dmarc)\b|sender policy framework|unauthenticated (e-?mail|sender|message)|sender (is )?not authenticated|authentication (checks? )?failed|failed (spf|dkim|dmarc|authentication)|not authorized to send/i,
  ],
  [
    'requireptr',
    /reverse (dns|lookup|hostname|address|mapping)|\bptr\b|\brdns\b|cannot find your (host ?name|reverse)|(client|your) host ?name .{0,40}(unknown|not found|no match)|(hostname|ip) (does not|doesn't) (resolve|match)|cannot resolve your (address|host)|no reverse|unresolvable (address|host)|does not have a reverse|reverse name/i,
  ],
  [
    'badreputation',
    /(bad|poor|low) (sender |ip |domain )?reputation|reputation (is )?(too low|bad|poor)|sender score/i,
  ],
  [
    'blocked',
    /blacklist|blocklist|black list|block list|deny ?list|denylist|spamhaus|spamcop|\bsorbs\b|barracuda|\brbl\b|dnsbl|\bcbl\b|(your|client|sending|the) (ip|host|server|address|network|domain).{0,60}(blocked|banned|blacklisted|listed|rejected|refused|not allowed|denied)|(ip|connection|host|client) (address )?(is )?(blocked|banned|refused|rejected|denied)|access denied.{0,30}(ip|client|connect)|refused to talk|connection (rejected|refused) (by|from)|not accepting (mail|messages|connections) from|has been blocked|\bblocked\b (by|due|because|for|using)|temporarily (blocked|deferred) (for|due)/i,
  ],
  ['virusdetected', /virus|malware|\binfected\b|trojan|worm detected|dangerous (content|attachment)/i],
  [
    'spamdetected',
    /\bspam\b|junk (mail|e-?mail)|bulk (mail|e-?mail)|unsolicited|\buce\b|spam ?(score|filter|content)|(message|content|mail) (was |is )?(classified|considered|identified|detected|rejected) as|looks like spam|high (spam )?probability|suspicious|phish|content filter|rejected by .{0,40}(filter|scanner)/i,
  ],
  [
    'securityerror',
    /starttls|\btls\b|\bssl\b|encryption (is )?required|must (issue|use) (a )?starttls|certificate|secure connection|authentication required|auth(entication)? credentials|must authenticate|not permitted without authentication/i,
  ],
  [
    'rejected',
    /sender (address |domain )?(rejected|refused|denied|blocked|invalid|unknown|not (allowed|accepted|verified|permitted))|(domain of |your )?sender (address|domain) (does not|doesn't) exist|(mail ?from|envelope sender|return path|sender address)[ :].{0,80}(rejected|refused|invalid|not allowed|denied|unknown)|bad sender|sender verif(y|ication) failed|(your|the) (e-?mail )?address .{0,30}(has been|is) (rejected|refused|banned|blacklisted)|sender is (not|un)(allowed|authorized|permitted)|domain of sender address .{0,100}(does not|doesn't) exist|not accepting mail from (this|your) (sender|address)/i,
  ],
  [
    'notaccept',
    /does not accept (e-?)?mail|accepts no (e-?)?mail|null mx|nullmx|indicated no smtp service|no smtp service|not accepting network messages|domain (is )?not (configured|set up|accepting) (for|to receive) (e-?)?mail|not accept(ing)? (any )?(e-?mail|mail|messages) (for|at) (this|the) domain/i,
  ],
  [
    'filtered',
    /not accepting (any )?(e-?)?mail|refused due to (recipient|user) preferences|recipient'?s? filter|user (has )?reject(ed|s)? |blocked by (the )?(user|recipient)|recipient (is )?not accepting|(restricted|restriction) .{0,20}(sms|e-?mail) (e-?)?mail|this account is protected by|not authorized to receive/i,
  ],
  [
    'networkerror',
    /host not found, try again|temporary failure in name resolution|name server (timeout|failure)|servfail/i,
  ],
  [
    'hostunknown',
    /host (or domain name )?not found|unknown (host|domain)|(domain|host) ?name (not found|lookup failed|does not exist)|no such (domain|host)|host unknown|unrouteable mail domain|(recipient |destination )?domain (does not|doesn't|did not) exist|name or service not known|\bnxdomain\b|no (valid )?mx (record|host)|no (dns|mx) (record|entr)|mx (record )?not found|domain (is )?(not (valid|found|hosted|registered|configured))|invalid domain|domain (could not|couldn't) be found|dns lookup (of|for) .{0,80}failed|unable to (resolve|route) .{0,60}domain|host .{0,80} could not be resolved|domain (is )?not reachable|(couldn't|could not|cannot|unable to) find (a|any) mail exchanger|no mail exchanger|(?<![\w.@-]|(mailbox|user|account|recipient|address) )[a-z0-9-]+(\.[a-z0-9-]+)+\.? does not exist/i,
  ],
  [
    'mailererror',
    /mailer error|x-unix|program (failed|exited|terminated)|command (died|failed)|procmail|pipe to .{0,60}failed|unknown mailer|exit (status|code) \d+/i,
  ],
  // Exchange Online's directory-based edge blocking refuses an address its directory lacks with
  // "550 5.4.1 Recipient address rejected: Access denied": a dead address, not a policy.
  [
    'userunknown',
    /(user|recipient|addressee|mailbox|account|address|destination|local[- ]?part|person|email account|e-?mail address)(name)?( is| was)? (unknown|not (found|known|listed|valid|local|here|exist|present|available|registered))|unknown (user|recipient|mailbox|address|account|local[- ]?part|alias|e-?mail)|no such (user|mailbox|recipient|account|address|person|local user|e-?mail|list|group)|(user|mailbox|address|recipient|account|e-?mail account|e-?mail address|person|alias|group)( you (tried to reach|specified))?( that you tried to reach)? (does not|doesn't|did not|didn't|does no longer|no longer) exists?|invalid (recipient|mailbox|address|user|e-?mail|destination)|not (a )?(valid|known|existing) (user|recipient|mailbox|address|e-?mail)|recipient (address )?rejected: (user|unknown|undeliverable|invalid|not|no such|mailbox|recipient)|no mailbox (here )?(by that name|found)|mailbox unavailable|user (not found|unknown|doesn't)|recipient ?not ?found|address (not found|unknown)|(recipient|user) ?name (is )?not recognized|invalid (\w+ ){0,3}(user ?id|user ?name)|unrouteable address|bad destination (mailbox )?address|addressee unknown|recipientnotfound|couldn't be found|could not be found|no (longer|more) (a )?(valid|active)? ?(user|account|mailbox)|mailbox (not|non)[- ]?existent|non[- ]?existent (user|mailbox|address|account)|does not have an? (e-?mail )?account|not our customer|mailbox is not (valid|available)|unknown or illegal alias|user doesn't have a|no valid recipients|invalid mailbox|undeliverable address|user (account )?(is )?(deleted|removed)|is not a valid mailbox|(address|mailbox) .{0,40} not exist|no account by that name|not listed in .{0,40}(directory|address book|recipient table)|(recipient'?s? )?(e-?mail )?address is (possibly |probably )?(incorrect|invalid|wrong)|check (if|that|whether) (the )?(recipient'?s? )?(e-?mail )?address is correct|recipient address rejected: access denied/i,
  ],
  [
    'toomanyconn',
    /too many (connections|concurrent|simultaneous|sessions|smtp sessions|hosts)|connection (rate )?limit|maximum (number of )?connections/i,
  ],
  [
    'ratelimited',
    /rate limit|rate[- ]limited|too many (messages|emails|mails|e-mails)|sending rate|throttl|(volume|frequency) (of|limit)|temporarily deferred due to (unexpected )?volume|exceeded .{0,30}(sending|message|mail) (limit|rate|quota)|(sent|receiving) too (many|much|fast)/i,
  ],
  [
    'expired',
    /(too long|been) in (the )?queue|queue (too long|time|lifetime)|retry (time(out)?|period) (not reached|exceeded|expired)|(delivery|message) (time )?(expired|period expired)|could not be delivered (with)?in .{0,30}(hours|days)|gave up|giving up|not going to try again|no further (delivery )?attempts|maximum (delivery )?(time|age)|undelivered for .{0,20}(hours|days)|(past|exceeded) (its|the) (expiration|lifetime)|expired/i,
  ],
  [
    'networkerror',
    /connection (timed out|refused|reset|lost|closed|dropped|failure)|network (is )?unreachable|no route to host|(unable|failed|could not|couldn't) (to )?(connect|reach|establish)|too many hops|(mail|routing|message) loop|loops back to myself|hop count exceeded|dns (lookup )?(fail|error|timeout|problem)|temporary failure in name resolution|timed out|timeout/i,
  ],
  [
    'systemfull',
    /system (disk |storage )?full|insufficient system (storage|resources)|file ?system (is )?full/i,
  ],
  [
    'systemerror',
    /system (error|failure|not available|problem)|internal (server )?error|local error|server error|i\/o error|temporary local problem|out of memory|unable to handle|server (is )?(busy|unavailable|too busy)|service (is )?(unavailable|not available)|resources temporarily unavailable|configuration error|misconfigur|temporary (server )?(error|failure)/i,
  ],
  [
    'contenterror',
    /content (rejected|error|not allowed)|(illegal|forbidden|banned|prohibited|blocked|unacceptable) (attachment|content|file|character|header|extension)|attachment .{0,40}(not allowed|prohibited|blocked|rejected)|message (contains|content) .{0,40}(prohibited|banned|illegal|unacceptable|not allowed)|8-?bit (data|characters?) not allowed|charset/i,
  ],
  [
    'notcompliantrfc',
    /\brfc ?(5322|2822|822|5321|2821)\b(?!\s*;)|not (rfc|standards?)[- ]compliant|duplicate header|multiple .{0,20}(headers|fields)|(missing|invalid|malformed|bad) (message )?(header|headers|date|from|message-id)|line length exceeds/i,
  ],
  [
    'syntaxerror',
    /syntax error|command (unrecognized|not recognized)|bad command|unrecognized command|bad sequence of commands/i,
  ],
  [
    'policyviolation',
    /\bpolic(y|ies)\b|prohibited|not (allowed|permitted|authorized) by|violat|not permitted|administratively denied|access denied/i,
  ],
  ['onhold', /on hold|held for review|quarantin/i],
];

/** Enhanced status codes (RFC 3463 §3, with later registrations: RFC 7372, RFC 7505, RFC 8601) to reasons. */
const STATUS_REASON: [RegExp, BounceReason][] = [
  [/^\d\.1\.(1|3)$/, 'userunknown'],
  [/^\d\.1\.2$/, 'hostunknown'],
  [/^\d\.1\.6$/, 'hasmoved'],
  [/^\d\.1\.(7|8)$/, 'rejected'],
  [/^\d\.1\.10$/, 'notaccept'],
  [/^\d\.2\.1$/, 'suspend'],
  [/^\d\.2\.2$/, 'mailboxfull'],
  [/^\d\.2\.3$/, 'exceedlimit'],
  [/^\d\.2\.4$/, 'systemerror'],
  [/^\d\.3\.1$/, 'systemfull'],
  [/^\d\.3\.2$/, 'notaccept'],
  [/^\d\.3\.4$/, 'exceedlimit'],
  [/^\d\.3\.\d+$/, 'systemerror'],
  [/^\d\.4\.7$/, 'expired'],
  [/^\d\.4\.4$/, 'hostunknown'],
  [/^\d\.4\.\d+$/, 'networkerror'],
  [/^\d\.5\.3$/, 'exceedlimit'],
  [/^\d\.5\.\d+$/, 'syntaxerror'],
  [/^\d\.6\.\d+$/, 'contenterror'],
  [/^\d\.7\.1$/, 'blocked'],
  [/^\d\.7\.(13|14)$/, 'suspend'],
  [/^\d\.7\.17$/, 'hasmoved'],
  [/^\d\.7\.18$/, 'norelaying'],
  [/^\d\.7\.25$/, 'requireptr'],
  [/^\d\.7\.(8|2[0-9])$/, 'authfailure'],
  [/^\d\.7\.(0|5|6|7|9|10|11|15|16)$/, 'securityerror'],
  [/^\d\.7\.\d+$/, 'policyviolation'],
];

/** Reasons that mean the address is dead (sisimai's hard bounces): the address is suppressed. */
const HARD: ReadonlySet<BounceReason> = new Set(['userunknown', 'hostunknown', 'hasmoved', 'notaccept']);
/** Reasons that blame the sender or the content: soft for the prospect, counted against the mailbox. */
const POLICY: ReadonlySet<BounceReason> = new Set([
  'blocked',
  'spamdetected',
  'policyviolation',
  'rejected',
  'securityerror',
  'virusdetected',
  'contenterror',
  'norelaying',
  'authfailure',
  'badreputation',
  'requireptr',
  'notcompliantrfc',
  'syntaxerror',
]);

/**
 * Status-code reasons specific enough to overrule a "no such user" in the words: servers say
 * "Recipient address rejected" whatever the cause, the code then names it (RFC 3463 §3.2, §3.4, §3.7, §3.8).
 */
const OVERRIDING: ReadonlySet<BounceReason> = new Set([
  'rejected',
  'mailboxfull',
  'exceedlimit',
  'contenterror',
  'authfailure',
  'norelaying',
  'requireptr',
]);

/** The reason a server's words name, or null when none of the patterns applies. */
export function reasonInText(text: string): BounceReason | null {
  const bounded = text.slice(0, 4_000);
  for (const [reason, pattern] of PATTERNS) if (pattern.test(bounded)) return reason;
  return null;
}

/** The reason an enhanced status code (RFC 3463) names, or null for a generic code (x.0.0, x.1.0…). */
export function reasonOfStatus(status: string | null): BounceReason | null {
  if (!status) return null;
  return STATUS_REASON.find(([pattern]) => pattern.test(status))?.[1] ?? null;
}

/** The reason a bare SMTP reply code implies (RFC 5321 §4.2.3), or null. */
function reasonOfReplyCode(code: string | null): BounceReason | null {
  switch (code) {
    case '552':
    case '452':
      return 'mailboxfull';
    case '421':
      return 'systemerror';
    default:
      return null;
  }
}

/**
 * Decides the reason: the server's words first, then the enhanced status code, then the rest of
 * the report's statement, then the SMTP reply code; 'undefined' when nothing names one. A dead
 * address (userunknown, hostunknown…) is not believed when the status code blames the sender, the
 * size or the content ("550 5.1.8 … User unknown" refuses our sender). A "no such user" without
 * a specific status, stated only after the server read the whole message (at DATA), is a content
 * filter's verdict, not proof the address is dead (sisimai's 'filtered').
 */
export function decideReason(input: {
  /** The server's reply (Diagnostic-Code or SMTP line). */
  words: string;
  /** The report's own text before the returned original. */
  statement: string;
  status: string | null;
  replyCode: string | null;
  atData: boolean;
}): BounceReason {
  const fromStatus = reasonOfStatus(input.status);
  let reason = reasonInText(input.words) ?? fromStatus ?? reasonInText(input.statement);
  // A dead address is not believed when the status code blames the sender, size or content.
  if (reason && HARD.has(reason) && fromStatus && OVERRIDING.has(fromStatus)) reason = fromStatus;
  if (reason === 'userunknown' && input.atData && !fromStatus) reason = 'filtered';
  return reason ?? reasonOfReplyCode(input.replyCode) ?? 'undefined';
}

/**
 * The effect of a failure on the address (docs/decisions/013-inbound-classification.md):
 * hard only for a dead address stated permanently (5.x.x / 5yz); 'policy' when the server refused
 * the sender or content; otherwise soft.
 */
export function effectOf(reason: BounceReason, permanent: boolean): Bounce['type'] {
  if (reason === 'delayed') return 'delay';
  if (HARD.has(reason)) return permanent ? 'hard' : 'soft';
  return POLICY.has(reason) ? 'policy' : 'soft';
}
