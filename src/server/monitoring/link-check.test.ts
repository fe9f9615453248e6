import { describe, expect, it } from 'vitest';
import type { PageFetch } from '../discovery/crawler';
import { isNoindex, judgeLink, type RecordedLink } from './link-check';

const recorded: RecordedLink = {
  url: 'https://shop.example/tools',
  anchorText: 'best tools',
  pageUrl: 'https://blog.example/post',
  campaignDomain: 'shop.example',
};

const page = (body: string, extra: Partial<Extract<PageFetch, { ok: true }>> = {}): PageFetch => ({
  ok: true,
  url: 'https://blog.example/post',
  finalUrl: 'https://blog.example/post',
  status: 200,
  html: `<html><head>${extra.html ?? ''}</head><body>${body}</body></html>`,
  robotsHeader: '',
  ...extra,
  ...(extra.html ? { html: `<html><head>${extra.html}</head><body>${body}</body></html>` } : {}),
});

const link = '<a href="https://shop.example/tools">best tools</a>';

describe('judgeLink', () => {
  it('is active when the page links to the URL, followed, indexable, with the recorded anchor', () => {
    expect(judgeLink(recorded, page(`<p>Read ${link}</p>`))).toEqual({
      status: 'active',
      reasons: [],
      httpStatus: 200,
      finalUrl: 'https://blog.example/post',
      anchorText: 'best tools',
      rel: [],
      detail: null,
    });
  });

  it('accepts a link to another page of the campaign’s domain, and ignores case and spacing of the anchor', () => {
    const outcome = judgeLink(recorded, page('<a href="http://www.shop.example/">Best   Tools</a>'));
    expect(outcome.status).toBe('active');
  });

  it('is lost when the link was removed', () => {
    expect(judgeLink(recorded, page('<a href="https://other.example/">best tools</a>'))).toMatchObject({
      status: 'lost',
      reasons: ['link-missing'],
      anchorText: null,
    });
  });

  it('is lost when the page answers 404, and suspicious when it cannot be read', () => {
    const gone: PageFetch = {
      ok: false,
      url: recorded.pageUrl,
      finalUrl: recorded.pageUrl,
      status: 404,
      failure: 'http-error',
      detail: 'HTTP 404',
    };
    expect(judgeLink(recorded, gone)).toMatchObject({
      status: 'lost',
      reasons: ['page-gone'],
      httpStatus: 404,
    });
    const down: PageFetch = { ...gone, status: 503, detail: 'HTTP 503' };
    expect(judgeLink(recorded, down)).toMatchObject({
      status: 'suspicious',
      reasons: ['page-unreachable'],
      detail: 'HTTP 503',
    });
    const timeout: PageFetch = {
      ok: false,
      url: gone.url,
      finalUrl: gone.url,
      failure: 'timeout',
      detail: 'Timed out',
    };
    expect(judgeLink(recorded, timeout).reasons).toEqual(['page-unreachable']);
  });

  it('is suspicious when the link is nofollow, sponsored or ugc', () => {
    const rel = (value: string) =>
      judgeLink(recorded, page(`<a rel="${value}" href="https://shop.example/tools">best tools</a>`));
    expect(rel('nofollow')).toMatchObject({ status: 'suspicious', reasons: ['nofollow'], rel: ['nofollow'] });
    expect(rel('sponsored noopener')).toMatchObject({ reasons: ['sponsored'] });
    expect(rel('ugc nofollow').reasons.sort()).toEqual(['nofollow', 'ugc']);
  });

  it('prefers a followed link with the recorded anchor when the page links several times', () => {
    const body = `<a rel="nofollow" href="https://shop.example/tools">tools</a> ${link}`;
    expect(judgeLink(recorded, page(body)).status).toBe('active');
  });

  it('is suspicious when the page is noindex by meta robots or X-Robots-Tag', () => {
    expect(
      judgeLink(recorded, page(link, { html: '<meta name="robots" content="noindex, follow">' })).reasons,
    ).toEqual(['noindex']);
    expect(judgeLink(recorded, page(link, { robotsHeader: 'googlebot: noindex' })).reasons).toEqual([
      'noindex',
    ]);
    expect(
      judgeLink(recorded, page(link, { html: '<meta name="robots" content="index, follow">' })).status,
    ).toBe('active');
  });

  it('is suspicious when the canonical URL points elsewhere, not when it is the page itself', () => {
    const elsewhere = page(link, { html: '<link rel="canonical" href="https://blog.example/original">' });
    expect(judgeLink(recorded, elsewhere).reasons).toEqual(['canonical-elsewhere']);
    const self = page(link, { html: '<link rel="canonical" href="/post">' });
    expect(judgeLink(recorded, self).status).toBe('active');
  });

  it('is suspicious when the anchor text changed', () => {
    const outcome = judgeLink(recorded, page('<a href="https://shop.example/tools">cheap stuff</a>'));
    expect(outcome).toMatchObject({
      status: 'suspicious',
      reasons: ['anchor-changed'],
      anchorText: 'cheap stuff',
    });
  });

  it('is suspicious when the page redirected to another domain', () => {
    const moved = page(link, { finalUrl: 'https://elsewhere.example/post' });
    expect(judgeLink(recorded, moved)).toMatchObject({
      status: 'suspicious',
      reasons: ['redirected-off-site'],
      finalUrl: 'https://elsewhere.example/post',
    });
    expect(judgeLink(recorded, page(link, { finalUrl: 'https://www.blog.example/post/' })).status).toBe(
      'active',
    );
  });
});

describe('isNoindex', () => {
  it('reads noindex and none, with or without a user agent, and nothing else', () => {
    expect(isNoindex('noindex')).toBe(true);
    expect(isNoindex('NONE')).toBe(true);
    expect(isNoindex('googlebot: noindex, nofollow')).toBe(true);
    expect(isNoindex('index, nofollow')).toBe(false);
    expect(isNoindex('noimageindex')).toBe(false);
    expect(isNoindex('')).toBe(false);
  });
});
