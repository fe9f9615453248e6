import type { ReactNode } from 'react';
import { company } from '#shared/company';
import { formatPostDate } from '#shared/format-date';

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  /** Omit for pages that are not legal documents (About). */
  updated?: boolean;
  children: ReactNode;
}

/** The frame of the text pages (About, Terms, Privacy, Cookies): a readable column with an h1 and sections. */
export function LegalPage({ title, intro, updated = true, children }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-16 sm:py-24">
      <header>
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {updated && (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
            Last updated {formatPostDate(`${company.legalUpdated}T00:00:00Z`)}
          </p>
        )}
        <div className="mt-6 text-lg text-slate-600 dark:text-slate-300">{intro}</div>
      </header>
      <div className="legal-text mt-10 space-y-10">{children}</div>
    </article>
  );
}

/** One numbered or titled part of a text page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

/** A mailto link to one of the company's addresses. */
export function MailLink({ address }: { address: string }) {
  return (
    <a
      href={`mailto:${address}`}
      className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      {address}
    </a>
  );
}
