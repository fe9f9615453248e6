import { NavLink, useLocation, useMatch } from 'react-router';
import { cn } from '../../lib/cn';
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
}

/** A sidebar entry: icon and label, highlighted when its page is open; icon-only with a tooltip when collapsed. */
export function SidebarLink({ item, collapsed, onNavigate }: SidebarLinkProps) {
  const { pathname } = useLocation();
  const matches = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  const underPrefix = item.activePrefix !== undefined && pathname.startsWith(item.activePrefix);
  const Icon = item.icon;
  return (
    <Tooltip content={item.label} disabled={!collapsed}>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        // A string, not NavLink's className function: the tooltip trigger (Radix Slot) merges class strings only.
        className={sidebarRowClass(collapsed, matches || underPrefix)}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
      </NavLink>
    </Tooltip>
  );
}
