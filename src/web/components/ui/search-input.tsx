import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';
import { Input } from './input';

/** A search box with a magnifier icon; `aria-label` names it. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
