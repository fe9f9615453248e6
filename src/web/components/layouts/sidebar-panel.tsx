import { LogOut, PanelLeftClose, PanelLeftOpen, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import { cn } from '#web/lib/cn';
import { useInboxUnread } from '#web/lib/inbox-unread';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';
import {
  clientNavItems,
  dashboardNavItems,
  type DashboardNavBadge,
  type DashboardNavItem,
} from './dashboard-nav-items';
import { SidebarLink, sidebarRowClass } from './sidebar-link';

const settingsItem: DashboardNavItem = { label: 'Settings', to: paths.settings, icon: Settings };

interface SidebarPanelProps {
  user: Me;
  onSignOut: () => void;
  isSigningOut: boolean;
  onSwitchWorkspace: (workspaceId: string) => void;
  /** Icon-only layout of the narrow desktop sidebar. */
  collapsed?: boolean;
  /** Shows the collapse/expand button (desktop only). */
  onToggleCollapsed?: () => void;
  /** Called when a link is followed, so the mobile panel can close. */
  onNavigate?: () => void;
  /** The notifications bell (a slot: the layout knows no feature), given the class that places it. */
  notifications?: (className?: string) => ReactNode;
}

function initials(user: Me): string {
  return (
    `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() ||
    user.email.charAt(0).toUpperCase()
  );
}

/**
 * The dashboard sidebar's content (docs/product.md#sidebar): logo, the main entries (Inbox with its live unread count), then the user's name, email and
 * organization (a switcher when they belong to several workspaces), Settings, Sign Out, the theme toggle and, on desktop, the collapse button.
 */
export function SidebarPanel({
  user,
  onSignOut,
  isSigningOut,
  onSwitchWorkspace,
  collapsed = false,
  onToggleCollapsed,
  onNavigate,
  notifications,
}: SidebarPanelProps) {
  // A Client sees their client's pages and their own account's settings only (docs/decisions/040-client-role.md).
  const isClient = user.role === 'client';
  const counts: Record<DashboardNavBadge, number | undefined> = { 'inbox-unread': useInboxUnread(!isClient) };
  const navItems = isClient ? clientNavItems : dashboardNavItems;
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center px-4',
          collapsed && 'h-auto flex-col justify-center gap-2 px-0 py-3',
        )}
      >
        <Logo compact={collapsed} onClick={onNavigate} />
        {/* Desktop only: on phones the bell sits in the top bar, beside the menu. */}
        {onToggleCollapsed && notifications?.(collapsed ? undefined : 'ml-auto')}
      </div>

      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navItems.map((item) => (
            <li key={item.to}>
              <SidebarLink
                item={item}
                collapsed={collapsed}
                onNavigate={onNavigate}
                count={item.badge && counts[item.badge]}
              />
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-1 border-t border-slate-200 px-3 py-4 dark:border-slate-800">
        <div className={cn('mb-3 flex items-center gap-3 px-1', collapsed && 'justify-center px-0')}>
          <span
            aria-hidden
            title={collapsed ? user.fullName : undefined}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white"
          >
            {initials(user)}
          </span>
          <div className={cn('min-w-0 text-sm', collapsed && 'sr-only')}>
            <p className="truncate font-medium text-slate-900 dark:text-white">{user.fullName}</p>
            <p className="truncate text-slate-600 dark:text-slate-400">{user.email}</p>
            {isClient && user.workspace.client && (
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                Client:{' '}
                <span className="text-slate-700 dark:text-slate-300">{user.workspace.client.name}</span>
              </p>
            )}
            {user.workspaces.length > 1 ? (
              <label className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                Organization
                <select
                  className="mt-0.5 block w-full truncate rounded-md border border-slate-300 bg-white px-1.5 py-1 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
                  value={user.workspace.id}
                  onChange={(event) => onSwitchWorkspace(event.target.value)}
                >
                  {user.workspaces.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                Organization:{' '}
                <span className="text-slate-700 dark:text-slate-300">{user.workspace.name}</span>
              </p>
            )}
          </div>
        </div>

        <SidebarLink item={settingsItem} collapsed={collapsed} onNavigate={onNavigate} />
        <Tooltip content="Sign Out" disabled={!collapsed}>
          <button
            type="button"
            onClick={onSignOut}
            disabled={isSigningOut}
            className={cn(sidebarRowClass(collapsed), 'disabled:opacity-60')}
          >
            <LogOut aria-hidden className="size-5 shrink-0" />
            <span className={cn(collapsed && 'sr-only')}>Sign Out</span>
          </button>
        </Tooltip>

        <div className={cn('flex items-center justify-between pt-2', collapsed && 'flex-col gap-1')}>
          <ThemeToggle />
          {onToggleCollapsed && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            >
              {collapsed ? (
                <PanelLeftOpen aria-hidden className="size-5" />
              ) : (
                <PanelLeftClose aria-hidden className="size-5" />
              )}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
