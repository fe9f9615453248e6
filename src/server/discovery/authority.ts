/**
 * Our domain authority: PageRank (Page, Brin, Motwani & Winograd 1999) over the host link graph
 * every crawl has stored, log-scaled to 0–100.
 */

/** A directed host-to-host link (distinct pairs; a host linking itself is ignored). */
export interface HostEdge {
  from: string;
  to: string;
}

/**
 * PageRank of every host: damping 0.85, dangling hosts spread their rank evenly, iterated until
 * the L1 change is below `tolerance` (or 100 rounds). Ranks sum to 1.
 */
export function pageRank(
  edges: readonly HostEdge[],
  { damping = 0.85, tolerance = 1e-10 } = {},
): Map<string, number> {
  const index = new Map<string, number>();
  const idOf = (host: string) => {
    let id = index.get(host);
    if (id === undefined) {
      id = index.size;
      index.set(host, id);
    }
    return id;
  };
  const pairs = new Set<string>();
  const from: number[] = [];
  const to: number[] = [];
  for (const edge of edges) {
    if (edge.from === edge.to) continue;
    const a = idOf(edge.from);
    const b = idOf(edge.to);
    const key = `${a}:${b}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    from.push(a);
    to.push(b);
  }
  const n = index.size;
  if (n === 0) return new Map();
  const outDegree = new Float64Array(n);
  for (const a of from) outDegree[a]! += 1;
  let rank = new Float64Array(n).fill(1 / n);
  for (let round = 0; round < 100; round++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outDegree[i] === 0) dangling += rank[i]!;
    const base = (1 - damping) / n + (damping * dangling) / n;
    next.fill(base);
    for (let e = 0; e < from.length; e++) next[to[e]!]! += (damping * rank[from[e]!]!) / outDegree[from[e]!]!;
    let change = 0;
    for (let i = 0; i < n; i++) change += Math.abs(next[i]! - rank[i]!);
    rank = next;
    if (change < tolerance) break;
  }
  const result = new Map<string, number>();
  for (const [host, id] of index) result.set(host, rank[id]!);
  return result;
}

/**
 * Log-scales PageRank to a 0–100 DA score between the least and the best-linked host of the
 * graph: score = 100 × ln(r / r_min) / ln(r_max / r_min), rounded. A host no crawled page links
 * to scores 0, the best-linked host 100, and each doubling of rank adds the same step. When
 * every host ranks alike (no evidence either way) all score 0. Scores are relative to the graph
 * crawled so far and move as it grows.
 */
export function authorityScores(ranks: Map<string, number>): Map<string, number> {
  const scores = new Map<string, number>();
  let min = Infinity;
  let max = 0;
  for (const rank of ranks.values()) {
    min = Math.min(min, rank);
    max = Math.max(max, rank);
  }
  const span = Math.log(max / min);
  for (const [host, rank] of ranks) {
    scores.set(host, span > 1e-9 ? Math.round((100 * Math.log(rank / min)) / span) : 0);
  }
  return scores;
}
