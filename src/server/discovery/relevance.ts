/**
 * Relevance by TF-IDF cosine similarity (Salton & Buckley 1988): how much a prospect site's text
 * is about what the campaign site's text is about, 0–100 %.
 */

/** Function words of English and German that say nothing about a topic. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had has
  have having he her here hers herself him himself his how i if in into is it its itself just me more
  most my myself no nor not now of off on once only or other our ours ourselves out over own same she
  should so some such than that the their theirs them themselves then there these they this those
  through to too under until up very was we were what when where which while who whom why will with
  would you your yours yourself yourselves one two new like get got us may might must shall use used
  using via www http https com html
  aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf
  aus bei bin bis bist da damit dann das dass dasselbe dazu dein deine dem den denn der des dessen dich
  die dies diese dieselbe diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer
  eines einig einige einmal er es etwas euch euer eure für gegen gewesen hab habe haben hat hatte hatten
  hier hin hinter ich ihm ihn ihnen ihr ihre im in indem ins ist jede jedem jeden jeder jedes jene jetzt
  kann kein keine können könnte machen man manche mein meine mich mit muss musste nach nicht nichts noch
  nun nur ob oder ohne sehr sein seine sich sie sind so solche soll sollte sondern sonst über um und uns
  unser unter viel vom von vor war waren warst was weg weil weiter welche wenn werde werden wie wieder
  will wir wird wirst wo wollen wollte würde würden zu zum zur zwar zwischen`.split(/\s+/),
);

/** Lower-case word tokens of 3–30 letters (Unicode), digits allowed after the first letter, stopwords out. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.toLowerCase().matchAll(/\p{L}[\p{L}\p{N}]{2,29}/gu)) {
    if (!STOPWORDS.has(match[0])) tokens.push(match[0]);
  }
  return tokens;
}

/** Term counts of a token list. */
export function termCounts(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/**
 * Inverse document frequencies over a corpus of term-count documents, smoothed as
 * idf(t) = ln((1 + N) / (1 + df(t))) + 1, so a term in every document still weighs 1.
 */
export function inverseDocumentFrequencies(documents: readonly Map<string, number>[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of documents) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log((1 + n) / (1 + count)) + 1);
  return idf;
}

/**
 * The TF-IDF vector of a document: sublinear tf (1 + ln count) times idf; a term outside the
 * corpus weighs `unseenIdf` (ln(1 + N) + 1 is its smoothed idf with df = 0).
 */
export function tfidfVector(
  counts: Map<string, number>,
  idf: Map<string, number>,
  unseenIdf = 1,
): Map<string, number> {
  const vector = new Map<string, number>();
  for (const [term, count] of counts) vector.set(term, (1 + Math.log(count)) * (idf.get(term) ?? unseenIdf));
  return vector;
}

/** Cosine similarity of two sparse vectors, 0–1 (0 when either is empty). */
export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  if (dot === 0) return 0;
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0));
  return dot / (norm(a) * norm(b));
}

/** A cosine as the relevance percentage the app shows: 0–100 with one decimal. */
export function relevancePercent(similarity: number): number {
  return Math.round(Math.min(1, Math.max(0, similarity)) * 1000) / 10;
}

/** The `count` terms of a document with the highest TF-IDF weight, heaviest first. */
export function topTerms(vector: Map<string, number>, count: number): string[] {
  return [...vector.entries()]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, count)
    .map(([term]) => term);
}
