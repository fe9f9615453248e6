import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { refusalMessage } from './form-errors';

describe('refusalMessage', () => {
  it("gives the server's own message when it refused the request (4xx)", () => {
    const refused = new ApiError(409, 'CONFLICT', 'A campaign with this name already exists');
    expect(refusalMessage(refused, 'Something went wrong')).toBe('A campaign with this name already exists');
  });

  it('falls back on server failures and network errors, where the message would mean nothing to the user', () => {
    expect(refusalMessage(new ApiError(500, 'INTERNAL', 'boom'), 'Could not save')).toBe('Could not save');
    expect(refusalMessage(new ApiError(0, 'INTERNAL', 'Failed to fetch'), 'Could not save')).toBe(
      'Could not save',
    );
    expect(refusalMessage(new TypeError('Failed to fetch'), undefined)).toBeUndefined();
  });
});
