/**
 * The workspace this tab shows (docs/decisions/023-workspaces-and-roles.md): sent with every API
 * request as X-Workspace-Id, so a tab keeps its workspace while another tab switches, and a
 * removed member's next request is refused instead of silently landing elsewhere. Kept in
 * sessionStorage (per tab, survives reloads); the server remembers the last switch for new tabs.
 */
const KEY = 'workspace-id';

/** The header the server reads the workspace from. */
export const WORKSPACE_HEADER = 'X-Workspace-Id';

/** The tab's workspace id, or null before the first /api/me answer (the server then picks the last used). */
export function activeWorkspaceId(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Sets (or with null, forgets) the tab's workspace. */
export function setActiveWorkspaceId(id: string | null): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (id) sessionStorage.setItem(KEY, id);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode quota): the server's last-used workspace applies.
  }
}
