import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/paths';
import { meSchema, type Me } from '#shared/schemas/auth';
import { twoFactorPaths, twoFactorStatusSchema } from '#shared/schemas/two-factor';
import { SESSION_META_NAME, SIGNED_OUT } from '#shared/session-hint';
import { apiRequest } from '../lib/api-client';
import { activeWorkspaceId, setActiveWorkspaceId } from '../lib/active-workspace';
import { ApiError } from '../lib/api-error';

/** Cache key of the session query; sign-in, sign-up and sign-out update it. */
export const meQueryKey = ['me'] as const;

/**
 * Whether the server's HTML shell said the page's request came without a session. Read once (the tag
 * goes): a later check, after signing in, asks the server.
 */
function takeSignedOutHint(): boolean {
  const tag = document.querySelector(`meta[name="${SESSION_META_NAME}"]`);
  tag?.remove();
  return tag?.getAttribute('content') === SIGNED_OUT;
}

async function fetchMe({ signal }: { signal: AbortSignal }): Promise<Me | null> {
  // Known signed out: asking would only earn a 401, which the browser logs as an error.
  if (takeSignedOutHint()) return null;
  try {
    const me = await apiRequest(apiPaths.me, { schema: meSchema, signal }).catch((error: unknown) => {
      // The tab's workspace is no longer theirs (apiRequest forgot it): ask again for their last used.
      if (error instanceof ApiError && error.code === 'NOT_A_MEMBER' && activeWorkspaceId() === null) {
        return apiRequest(apiPaths.me, { schema: meSchema, signal });
      }
      throw error;
    });
    setActiveWorkspaceId(me.workspace.id);
    return me;
  } catch (error) {
    if (signal.aborted) throw error;
    // 401 simply means signed out; any other failure is logged and treated the same (docs/product.md#errors).
    if (!(error instanceof ApiError && error.status === 401)) console.error('Session check failed', error);
    return null;
  }
}

/** Query options of the session check: the signed-in user, or null when there is no session. */
export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60_000 });
}

/** The signed-in user (GET /api/me), or null when signed out. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/** Cache key of the signed-in user's sign-in status (two-factor on, has a password). */
export const twoFactorStatusKey = ['two-factor'] as const;

/**
 * GET /api/profile/two-factor: whether 2FA is on, whether the account has a password (one single
 * sign-on made has none) and whether the workspace requires 2FA. Settings → Security's password and
 * two-factor cards both read it.
 */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: ({ signal }) => apiRequest(twoFactorPaths.status, { schema: twoFactorStatusSchema, signal }),
  });
}
