import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { ApiError } from '#web/lib/api-error';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it('maps invalid credentials by code or by message text', () => {
    expect(authErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'whatever'))).toBe(
      messages.auth.invalidCredentials,
    );
    expect(authErrorMessage(new ApiError(400, 'UNAUTHORIZED', 'Error: invalid_credentials'))).toBe(
      messages.auth.invalidCredentials,
    );
  });

  it("shows a refused request's own message and hides server failures", () => {
    expect(authErrorMessage(new ApiError(429, 'RATE_LIMITED', messages.auth.tooManyAttempts))).toBe(
      messages.auth.tooManyAttempts,
    );
    expect(authErrorMessage(new ApiError(500, 'INTERNAL', 'stack trace'))).toBe(messages.auth.unexpected);
    expect(authErrorMessage(new Error('weird'))).toBe(messages.auth.unexpected);
    expect(authErrorMessage('thrown string')).toBe(messages.auth.unexpected);
  });
});
