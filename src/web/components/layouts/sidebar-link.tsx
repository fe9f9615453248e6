import { NavLink, useLocation, useMatch } from 'react-router';
import { cn } from '#web/lib/cn';
import { Tooltip } from '../ui/tooltip';
import type { DashboardNavItem } from './dashboard-nav-items';

/** Class names shared by sidebar rows (links and the sign-out button), in wide or icon-only form. */
export function sidebarRowClass(collapsed: boolean, active = false): string {
  return cn(
    'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
    collapsed && 'justify-center px-0',
    active
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );
}

interface SidebarLinkProps {
  item: DashboardNavItem;
  collapsed: boolean;
  onNavigate?: () => void;
  /** The entry's live count (item.badge); nothing is shown while it is unknown or 0. */
  count?: number | undefined;
}

/**
 * A sidebar entry: icon and label, highlighted when its page is open; icon-only with a tooltip when
 * collapsed. A positive `count` shows as a pill after the label, or on the icon's corner when collapsed.
 */
export function SidebarLink({ item, collapsed, onNavigate, count }: SidebarLinkProps) {
  const { pathname } = useLocation();
  const matches = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  const underPrefix = item.activePrefix !== undefined && pathname.startsWith(item.activePrefix);
  const Icon = item.icon;
  const shown = count !== undefined && count > 0 ? (count > 99 ? '99+' : String(count)) : null;
  return (
    <Tooltip content={shown ? `${item.label} (${count} unread)` : item.label} disabled={!collapsed}>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        // A string, not NavLink's className function: the tooltip trigger (Radix Slot) merges class strings only.
        className={cn(sidebarRowClass(collapsed, matches || underPrefix), 'relative')}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
        {shown && (
          <>
            <span className="sr-only">, {count} unread</span>
            <span
              aria-hidden
              data-testid="nav-count"
              className={cn(
                'flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] leading-5 font-semibold text-white dark:bg-indigo-500',
                collapsed ? 'absolute top-0 right-0.5 min-w-4 px-1 text-[10px] leading-4' : 'ml-auto',
              )}
            >
              {shown}
            </span>
          </>
        )}
      </NavLink>
    </Tooltip>
  );
}
