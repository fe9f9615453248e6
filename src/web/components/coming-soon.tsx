import { Hammer } from 'lucide-react';

/** Placeholder body for a screen that is not built yet: its real name and a note that it is on its way. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-6 py-24 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Hammer aria-hidden className="size-6" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        This page is being built and will be available soon.
      </p>
    </section>
  );
}
