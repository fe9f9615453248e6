import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}

/** The centred eyebrow, h2 and lead paragraph that open each landing section; `id` names the h2 for aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
        {eyebrow}
      </p>
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-400">{children}</p>}
    </div>
  );
}
