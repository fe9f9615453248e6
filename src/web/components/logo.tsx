import { Link2 } from 'lucide-react';
import { paths } from '#shared/paths';
import { cn } from '../lib/cn';

interface LogoProps {
  className?: string;
  /** Icon only, for the collapsed sidebar; the link keeps its accessible name. */
  compact?: boolean;
  onClick?: () => void;
}

/** The LinkPilot mark and wordmark, linking to the landing page (a document load: it is server-rendered). */
export function Logo({ className, compact = false, onClick }: LogoProps) {
  return (
    <a
      href={paths.home}
      onClick={onClick}
      aria-label={compact ? 'LinkPilot home' : undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg font-semibold tracking-tight text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <Link2 aria-hidden className="size-5" />
      </span>
      {!compact && <span className="text-lg">LinkPilot</span>}
    </a>
  );
}
