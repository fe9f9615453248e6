import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts the API's field issues (VALIDATION_ERROR) under the matching form fields. Returns true when
 * every issue found its field, so the caller need not show a separate error message.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  const known = new Set<string>(fieldNames);
  const placed = error.issues.filter((issue) => known.has(issue.path));
  for (const issue of placed) setError(issue.path as Path<T>, { type: 'server', message: issue.message });
  return placed.length === error.issues.length;
}

/**
 * What to tell the user when a request failed: the server's own message when it refused the request
 * (4xx: it names the problem, such as a field's limit) or passes on a data provider's refusal in
 * words (PROVIDER_ERROR), else `fallback` (network failure, other 5xx).
 */
export function refusalMessage<F extends string | undefined>(error: unknown, fallback: F): string | F {
  return error instanceof ApiError && (error.isClientError || error.code === 'PROVIDER_ERROR')
    ? error.message
    : fallback;
}
