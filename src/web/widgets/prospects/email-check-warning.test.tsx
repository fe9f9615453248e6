import { describe, expect, it } from 'vitest';
import { emailCheckWarning } from './email-check-warning';

const checkedAt = '2026-03-02T10:00:00.000Z';

describe('emailCheckWarning', () => {
  it('gives the reason of a refused address, notes disposable and role ones, and nothing otherwise', () => {
    expect(
      emailCheckWarning({
        deliverable: false,
        flags: ['no-domain'],
        reason: 'Its domain does not exist.',
        checkedAt,
      }),
    ).toBe('Not enrolled: Its domain does not exist.');
    expect(
      emailCheckWarning({ deliverable: true, flags: ['disposable', 'role'], reason: null, checkedAt }),
    ).toContain('A disposable address');
    expect(emailCheckWarning({ deliverable: true, flags: ['role'], reason: null, checkedAt })).toContain(
      'role address',
    );
    expect(emailCheckWarning({ deliverable: true, flags: [], reason: null, checkedAt })).toBeNull();
    expect(emailCheckWarning(null)).toBeNull();
  });
});
