import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { Me } from '#shared/schemas/auth';
import { cn } from '#web/lib/cn';
import { useLiveEvents } from '#web/lib/live-events';
import { Logo } from '../logo';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetTrigger } from '../ui/sheet';
import { TooltipProvider } from '../ui/tooltip';
import { SidebarPanel } from './sidebar-panel';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

interface DashboardLayoutProps {
  user: Me;
  onSignOut: () => void;
  isSigningOut: boolean;
  /** Switches to another of the user's workspaces (the sidebar offers it when they have several). */
  onSwitchWorkspace: (workspaceId: string) => void;
  /** The notifications bell, in the sidebar on desktop and the top bar on phones; given its placing class. */
  notifications: (className?: string) => ReactNode;
  /** Shown above every page, such as a reminder to verify the email address. */
  banner?: ReactNode;
  /** Shown instead of the current page (the role's "not available" state); absent: the page. */
  content?: ReactNode;
}

/**
 * Frame of the signed-in app: a collapsible sidebar on desktop (kept collapsed across reloads), a top bar whose menu opens the sidebar
 * as a slide-in panel below md, and the current dashboard page.
 */
export function DashboardLayout({
  user,
  onSignOut,
  isSigningOut,
  onSwitchWorkspace,
  notifications,
  banner,
  content,
}: DashboardLayoutProps) {
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [mobileOpen, setMobileOpen] = useState(false);
  const panelProps = { user, onSignOut, isSigningOut, onSwitchWorkspace, notifications };
  // A Client-role member has no live event stream (docs/decisions/040-client-role.md).
  useLiveEvents(user.role !== 'client');

  // Only the collapsed sidebar uses tooltips; providing them here keeps Radix Tooltip out of the public chunk.
  return (
    <TooltipProvider delayDuration={200}>
      <div className="flex min-h-dvh bg-slate-50 dark:bg-slate-950">
        <aside
          data-testid="sidebar"
          data-collapsed={collapsed}
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 md:block dark:border-slate-800 dark:bg-slate-900',
            collapsed ? 'w-16' : 'w-64',
          )}
        >
          <SidebarPanel {...panelProps} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/95">
            <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
              <SheetTrigger asChild>
                <Button type="button" variant="ghost" size="icon" aria-label="Open menu">
                  <Menu aria-hidden className="size-5" />
                </Button>
              </SheetTrigger>
              <SheetContent title="Dashboard menu" data-testid="mobile-sidebar">
                <SidebarPanel {...panelProps} onNavigate={() => setMobileOpen(false)} />
              </SheetContent>
            </Sheet>
            <Logo />
            {notifications('ml-auto')}
          </header>
          <main className="flex-1">
            {banner}
            {content ?? <Outlet />}
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
