import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#web/lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Names the control when no visible label points at it. */
  'aria-label'?: string;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
}

/**
 * A single-choice dropdown (Radix Select): keyboard and screen-reader friendly, styled for both themes.
 *
 * The options mount when the trigger is first focused or pressed, not with the page: a closed Radix
 * Select renders every option off screen and registers each from a layout effect, which re-renders
 * it synchronously inside the page's first commit (docs/decisions/022-dashboard-first-load.md). The
 * trigger shows the chosen option's label itself meanwhile; typing a letter on the focused trigger
 * still picks an option, since focus comes first.
 */
export function Select({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  disabled,
  invalid,
  className,
  ...aria
}: SelectProps) {
  const [optionsMounted, setOptionsMounted] = useState(false);
  const mountOptions = () => setOptionsMounted(true);
  const chosen = options.find((option) => option.value === value);
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectPrimitive.Trigger
        id={id}
        onFocus={mountOptions}
        onPointerDown={mountOptions}
        aria-label={aria['aria-label']}
        aria-invalid={invalid || undefined}
        className={cn(
          'inline-flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 shadow-sm outline-none focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 data-[placeholder]:text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          className,
        )}
      >
        <span className="truncate">
          <SelectPrimitive.Value placeholder={placeholder}>{chosen?.label}</SelectPrimitive.Value>
        </span>
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden className="size-4 opacity-60" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      {optionsMounted && (
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-pointer items-center rounded-md py-2 pr-3 pl-8 text-sm outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 dark:data-[highlighted]:bg-indigo-500/20 dark:data-[highlighted]:text-white"
                >
                  <SelectPrimitive.ItemIndicator className="absolute left-2">
                    <Check aria-hidden className="size-4" />
                  </SelectPrimitive.ItemIndicator>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      )}
    </SelectPrimitive.Root>
  );
}
