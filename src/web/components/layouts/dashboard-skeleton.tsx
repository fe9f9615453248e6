import type { PageHeading } from '#web/lib/page-head';
import { Logo } from '../logo';
import { PageHeader } from '../ui/page-states';
import { dashboardNavItems } from './dashboard-nav-items';
import { SidebarLink } from './sidebar-link';

/**
 * The dashboard frame before the session and the page have loaded: the sidebar's page links, the
 * phone's top bar and the page's heading, laid out as DashboardLayout lays them out, without the user.
 * The server puts it into the HTML shell of /dashboard/* and the browser shows it until the session
 * check answers, so the first paint is the frame rather than a blank page and a spinner.
 */
export function DashboardSkeleton({ heading }: { heading?: PageHeading | undefined }) {
  return (
    <div className="flex min-h-dvh bg-slate-50 dark:bg-slate-950" aria-busy="true">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <div className="flex h-16 items-center px-4">
          <Logo />
        </div>
        <nav aria-label="Dashboard" className="px-3 py-4">
          <ul className="space-y-1">
            {dashboardNavItems.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} collapsed={false} />
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 md:hidden dark:border-slate-800 dark:bg-slate-900/95">
          {/* Where the menu button will be, so the logo does not move when it appears. */}
          <span aria-hidden className="size-10 shrink-0" />
          <Logo />
        </header>
        <main className="flex-1">
          {heading && (
            <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
              <PageHeader title={heading.title} subtitle={heading.subtitle} />
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
