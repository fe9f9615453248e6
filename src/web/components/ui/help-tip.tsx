import { CircleHelp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip } from './tooltip';

/**
 * A small help icon beside a label: a button named `label` for assistive technology whose tooltip
 * (on hover and keyboard focus) says `children`, e.g. how a figure is counted.
 */
export function HelpTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip
      content={<span className="block max-w-64 font-medium tracking-normal normal-case">{children}</span>}
      side="top"
    >
      <button
        type="button"
        aria-label={label}
        className="ml-1.5 inline-flex cursor-help rounded-full align-[-2px] focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        <CircleHelp aria-hidden className="size-3.5" />
      </button>
    </Tooltip>
  );
}
