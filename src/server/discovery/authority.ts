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
export function pageRank(edges: readonly HostEdge[], { damping = 0.85, tolerance = 1e-10 } = {}): Map<string, number> {
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
 * Log-scales PageRank to a 0–100 DA score: with x = rank × N (1 = an average host),
 * score = 100 × ln(1 + x) / ln(1 + x_max), rounded. The best-linked host scores 100; a host
 * nobody links to scores near 100 × ln 1.15 / ln(1 + x_max). Scores are relative to the graph
 * crawled so far and rise or fall as it grows.
 */
export function authorityScores(ranks: Map<string, number>): Map<string, number> {
  const n = ranks.size;
  const scores = new Map<string, number>();
  if (n === 0) return scores;
  let maxX = 0;
  for (const rank of ranks.values()) maxX = Math.max(maxX, rank * n);
  const denominator = Math.log(1 + maxX);
  for (const [host, rank] of ranks) {
    scores.set(host, denominator > 0 ? Math.round((100 * Math.log(1 + rank * n)) / denominator) : 0);
  }
  return scores;
}
