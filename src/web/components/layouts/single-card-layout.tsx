import type { ReactNode } from 'react';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { Card } from '../ui/card';

/** A page outside the dashboard with one task: the logo and theme toggle above a single centred card. */
export function SingleCardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md shadow-xl shadow-slate-200/60 dark:shadow-black/30">{children}</Card>
      </main>
    </div>
  );
}
