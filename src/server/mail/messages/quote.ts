/**
 * Where the quoted original starts in a reply, in the forms mail programs write it: '>' lines,
 * Gmail and Apple Mail attribution lines ("On … wrote:", also wrapped over two lines and in
 * German, French, Spanish, Italian, Portuguese and Dutch), Outlook's "-----Original Message-----",
 * its underscore separator and its From/Sent/To/Subject header block (also localized), and mobile
 * signatures ("Sent from my iPhone").
 */

/** An attribution line: "On Mon, 23 Nov 2026 at 09:00, Grace <g@x> wrote:" and its translations. */
const ATTRIBUTION =
  /^((on|am|le|el|il|em|op)\b.{0,300}\b(wrote|schrieb|a écrit|escribió|ha scritto|escreveu|schreef)\b.{0,200}:|.{0,300}\b(wrote|schrieb|a écrit|escribió|ha scritto|escreveu|schreef)\s*:?)\s*$/i;
/** The first word of an attribution, to join it with the next line when a client wrapped it. */
const ATTRIBUTION_START = /^(on|am|le|el|il|em|op)\s+\S/i;

/** Separators that open a quoted or forwarded original. */
const SEPARATOR =
  /^(-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|mensagem original|oorspronkelijk bericht|forwarded message|weitergeleitete nachricht)\s*-{2,}|_{10,}|begin forwarded message:)/i;

/** The From line of an Outlook header block, localized (From/Von/De/Da/Van/Från/Fra/Od). */
const HEADER_FROM = /^\*?(from|von|de|da|van|från|fra|od)\s*:\*?\s+\S/i;
/** The lines that follow it in such a block (Sent/Date, To, Subject and their translations). */
const HEADER_NEXT =
  /^\*?(sent|date|to|cc|subject|gesendet|datum|an|betreff|envoyé|date|à|objet|inviato|data|a|oggetto|enviado|fecha|para|asunto|assunto|verzonden|aan|onderwerp|skickat|till|ämne)\s*:/i;

/** Mobile and webmail signatures that end the person's own text. */
const SIGNATURE =
  /^(sent from my (iphone|ipad|android|mobile|samsung|blackberry|galaxy)|sent from (mail|outlook|yahoo mail|gmail) for|von meinem (iphone|ipad|smartphone|handy|mobiltelefon) gesendet|envoyé de mon (iphone|ipad|smartphone)|enviado desde mi (iphone|ipad|móvil|smartphone)|inviato da (iphone|ipad))/i;

/**
 * The reply's own text: every line before the quoted original or forwarded message begins.
 * Only this text decides whether a person asked to unsubscribe (a quoted footer must not).
 */
export function ownText(text: string): string {
  return splitQuote(text).own;
}

/**
 * A reply cut where the quoted original or forwarded message begins (see ownText): `own` holds the
 * lines before it, `quoted` the cut line and every line after it ('' when nothing was cut). Lines
 * are joined with '\n' whatever the input used.
 */
export function splitQuote(text: string): { own: string; quoted: string } {
  const lines = text.split(/\r?\n/);
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = (lines[i + 1] ?? '').trim();
    if (
      line.startsWith('>') ||
      SEPARATOR.test(line) ||
      SIGNATURE.test(line) ||
      (line.length <= 300 && ATTRIBUTION.test(line) && /\d|@/.test(line)) ||
      (ATTRIBUTION_START.test(line) && line.length <= 200 && ATTRIBUTION.test(`${line} ${next}`)) ||
      (HEADER_FROM.test(line) && HEADER_NEXT.test(next))
    )
      break;
  }
  return { own: lines.slice(0, i).join('\n'), quoted: lines.slice(i).join('\n') };
}
