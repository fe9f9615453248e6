import robotsParser from 'robots-parser';

/** The rules of one origin's robots.txt as the crawler needs them. */
export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our user agent, in ms (undefined when none is given). */
  crawlDelayMs: number | undefined;
  /** Why robots.txt could not be read (everything is then disallowed). */
  unreachable?: string;
}

/** What fetching /robots.txt gave: a body (2xx), a client error (4xx) or no usable answer. */
export type RobotsResponse =
  { kind: 'found'; body: string } | { kind: 'client-error' } | { kind: 'unreachable'; detail: string };

/**
 * Turns a robots.txt response into rules for `agentToken` (RFC 9309): a 4xx means no rules
 * (everything allowed), a 5xx or an unreachable host means everything is disallowed, a body is
 * parsed with robots-parser (longest match wins, Allow beats Disallow on ties).
 */
export function robotsRules(robotsUrl: string, response: RobotsResponse, agentToken: string): RobotsRules {
  if (response.kind === 'client-error') return { isAllowed: () => true, crawlDelayMs: undefined };
  if (response.kind === 'unreachable') {
    return { isAllowed: () => false, crawlDelayMs: undefined, unreachable: response.detail };
  }
  const robots = robotsParser(robotsUrl, response.body);
  const delay = robots.getCrawlDelay(agentToken);
  return {
    isAllowed: (url) => robots.isAllowed(url, agentToken) !== false,
    crawlDelayMs: delay !== undefined && Number.isFinite(delay) && delay > 0 ? delay * 1000 : undefined,
  };
}

/**
 * One robots.txt fetch per origin for the crawler's lifetime; concurrent callers share the
 * pending fetch.
 */
export class RobotsCache {
  private readonly byOrigin = new Map<string, Promise<RobotsRules>>();

  constructor(
    private readonly agentToken: string,
    private readonly fetchRobots: (robotsUrl: string, signal?: AbortSignal) => Promise<RobotsResponse>,
  ) {}

  /** The rules of the URL's origin, fetching its robots.txt the first time. */
  rulesFor(url: URL, signal?: AbortSignal): Promise<RobotsRules> {
    let rules = this.byOrigin.get(url.origin);
    if (!rules) {
      const robotsUrl = `${url.origin}/robots.txt`;
      rules = this.fetchRobots(robotsUrl, signal).then((response) =>
        robotsRules(robotsUrl, response, this.agentToken),
      );
      // A cancelled fetch must not leave a permanent "disallow all" behind.
      rules.catch(() => this.byOrigin.delete(url.origin));
      this.byOrigin.set(url.origin, rules);
    }
    return rules;
  }
}
