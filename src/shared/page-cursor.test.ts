import { describe, expect, it } from 'vitest';
import {
  PAGE_CURSOR_MAX_LENGTH,
  cursorAfter,
  decodePageCursor,
  encodePageCursor,
  queryFingerprint,
} from './page-cursor';

const b64url = (text: string) => Buffer.from(text).toString('base64url');

describe('encodePageCursor / decodePageCursor', () => {
  it('round-trips a position through an opaque base64url string', () => {
    const position = { page: 3, pageSize: 25, query: queryFingerprint({ status: 'active' }) };
    const cursor = encodePageCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThan(PAGE_CURSOR_MAX_LENGTH);
    expect(decodePageCursor(cursor)).toEqual(position);
  });

  it('is what Node reads as base64url JSON (no padding, url-safe alphabet)', () => {
    const cursor = encodePageCursor({ page: 12, pageSize: 100, query: 'ffffffff' });
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString())).toEqual({
      page: 12,
      pageSize: 100,
      query: 'ffffffff',
    });
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$%'],
    ['standard base64 padding', `${b64url('{"page":2,"pageSize":3,"query":"0000000a"}')}==`],
    ['not JSON', b64url('page=2')],
    ['JSON but not an object', b64url('[2,3]')],
    ['null', b64url('null')],
    ['a missing page', b64url('{"pageSize":3,"query":"0000000a"}')],
    ['page 0', b64url('{"page":0,"pageSize":3,"query":"0000000a"}')],
    ['a fractional page size', b64url('{"page":2,"pageSize":2.5,"query":"0000000a"}')],
    ['a page as a string', b64url('{"page":"2","pageSize":3,"query":"0000000a"}')],
    ['an unsafe integer', b64url('{"page":1e300,"pageSize":3,"query":"0000000a"}')],
    ['a malformed fingerprint', b64url('{"page":2,"pageSize":3,"query":"xyz"}')],
    ['an extra key', b64url('{"page":2,"pageSize":3,"query":"0000000a","offset":0}')],
    ['too long', 'a'.repeat(PAGE_CURSOR_MAX_LENGTH + 1)],
  ])('refuses a cursor that is %s', (_case, cursor) => {
    expect(decodePageCursor(cursor)).toBeNull();
  });
});

describe('queryFingerprint', () => {
  it('ignores page, pageSize, cursor, undefined fields and key order', () => {
    const base = queryFingerprint({ status: 'all', order: 'desc', search: '' });
    expect(queryFingerprint({ order: 'desc', search: '', status: 'all', page: 4, pageSize: 10 })).toBe(base);
    expect(
      queryFingerprint({ status: 'all', order: 'desc', search: '', cursor: 'x', campaignId: undefined }),
    ).toBe(base);
  });

  it('tells apart queries with another filter or sort', () => {
    const base = queryFingerprint({ status: 'all', order: 'desc' });
    expect(queryFingerprint({ status: 'active', order: 'desc' })).not.toBe(base);
    expect(queryFingerprint({ status: 'all', order: 'asc' })).not.toBe(base);
    expect(queryFingerprint({ status: 'all', order: 'desc', search: 'bikes' })).not.toBe(base);
    // A value moved to another key is another query.
    expect(queryFingerprint({ a: 'x', b: '' })).not.toBe(queryFingerprint({ a: '', b: 'x' }));
  });

  it('is 8 hex digits, the same for a list without filters whatever its position', () => {
    expect(queryFingerprint({})).toMatch(/^[0-9a-f]{8}$/);
    expect(queryFingerprint({ page: 2, pageSize: 9 })).toBe(queryFingerprint({}));
  });
});

describe('cursorAfter', () => {
  it('points at the next page, same size, same query', () => {
    const query = { page: 2, pageSize: 3, status: 'draft' };
    expect(decodePageCursor(cursorAfter(query))).toEqual({
      page: 3,
      pageSize: 3,
      query: queryFingerprint({ status: 'draft' }),
    });
  });
});
