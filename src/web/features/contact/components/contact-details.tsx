import { Clock, Mail, MapPin, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { company } from '#shared/company';

/** One line of the details: an icon standing for its (screen-reader) term, and the details. */
function Detail({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <dt>
        <Icon aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The company's contact details and the office in Australia (docs/product.md#public-pages /contact). */
export function ContactDetails() {
  const { office } = company;
  return (
    <dl className="space-y-6">
      <Detail icon={Mail} term="Email">
        <a
          href={`mailto:${company.email}`}
          className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
        >
          {company.email}
        </a>
        <p className="text-sm text-slate-600 dark:text-slate-400">Sales, support and account requests</p>
      </Detail>
      <Detail icon={MapPin} term="Office">
        <p className="font-medium text-slate-900 dark:text-white">{office.label}</p>
        <address className="text-sm text-slate-600 not-italic dark:text-slate-400">
          {company.legalName}
          <br />
          {office.street}
          <br />
          {office.city}
          <br />
          {office.country}
        </address>
      </Detail>
      <Detail icon={Clock} term="Hours">
        <p className="text-sm text-slate-600 dark:text-slate-400">{company.hours}</p>
      </Detail>
    </dl>
  );
}
