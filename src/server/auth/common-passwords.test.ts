import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('finds the most used passwords in any case, and not an unusual one', () => {
    for (const password of ['123456', 'password', 'Qwerty123', 'LETMEIN', 'secret123'])
      expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('difference-engine')).toBe(false);
    expect(isCommonPassword('lamplight harbour 42')).toBe(false);
  });
});
