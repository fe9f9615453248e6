import type { ErrorCode, ErrorResponse } from '#shared/schemas/api';

type Issue = NonNullable<ErrorResponse['error']['issues']>[number];

// Kept apart from api-client so code that only inspects errors (the query client) does not pull zod
// into the first-load chunk.

/** A failed API call: the HTTP status (0 when the network failed) and the API's error code, message and field issues. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues: Issue[];

  constructor(status: number, code: ErrorCode, message: string, issues: Issue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  /** True for 4xx answers: the request itself was refused, so repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}
