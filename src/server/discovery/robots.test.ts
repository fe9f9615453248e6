import { describe, expect, it } from 'vitest';
import { robotsRules } from './robots';

const url = 'https://b.com/robots.txt';
const rules = (body: string) => robotsRules(url, { kind: 'found', body }, 'LinkPilotBot');

describe('robotsRules', () => {
  it('applies the group of our token over the * group', () => {
    const r = rules(
      'User-agent: *\nDisallow: /\n\nUser-agent: LinkPilotBot\nDisallow: /private/\nCrawl-delay: 2\n',
    );
    expect(r.isAllowed('https://b.com/blog/')).toBe(true);
    expect(r.isAllowed('https://b.com/private/x')).toBe(false);
    expect(r.crawlDelayMs).toBe(2000);
  });

  it('uses the * group when ours is absent, with the longest match winning', () => {
    const r = rules('User-agent: *\nDisallow: /shop\nAllow: /shop/about\n');
    expect(r.isAllowed('https://b.com/shop/cart')).toBe(false);
    expect(r.isAllowed('https://b.com/shop/about')).toBe(true);
    expect(r.isAllowed('https://b.com/')).toBe(true);
    expect(r.crawlDelayMs).toBeUndefined();
  });

  it('matches wildcards and end anchors', () => {
    const r = rules('User-agent: *\nDisallow: /*.php$\nDisallow: /*?sessionid=\n');
    expect(r.isAllowed('https://b.com/index.php')).toBe(false);
    expect(r.isAllowed('https://b.com/index.php5')).toBe(true);
    expect(r.isAllowed('https://b.com/a?sessionid=1')).toBe(false);
  });

  it('allows everything on a 4xx and nothing when robots.txt is unreachable (RFC 9309)', () => {
    expect(robotsRules(url, { kind: 'client-error' }, 'LinkPilotBot').isAllowed('https://b.com/x')).toBe(
      true,
    );
    const unreachable = robotsRules(url, { kind: 'unreachable', detail: 'HTTP 503' }, 'LinkPilotBot');
    expect(unreachable.isAllowed('https://b.com/x')).toBe(false);
    expect(unreachable.unreachable).toBe('HTTP 503');
  });

  it('allows everything for an empty file', () => {
    expect(rules('').isAllowed('https://b.com/any')).toBe(true);
  });
});
