import { Clock, Mail, MapPin } from 'lucide-react';
import { company } from '../../../../shared/company';

/** The company's contact details and the office in Australia (spec §2 /contact). */
export function ContactDetails() {
  const { office } = company;
  return (
    <dl className="space-y-6">
      <div className="flex gap-4">
        <dt>
          <Mail aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
          <span className="sr-only">Email</span>
        </dt>
        <dd>
          <a
            href={`mailto:${company.email}`}
            className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
          >
            {company.email}
          </a>
          <p className="text-sm text-slate-600 dark:text-slate-400">Sales, support and account requests</p>
        </dd>
      </div>
      <div className="flex gap-4">
        <dt>
          <MapPin aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
          <span className="sr-only">Office</span>
        </dt>
        <dd>
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
        </dd>
      </div>
      <div className="flex gap-4">
        <dt>
          <Clock aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
          <span className="sr-only">Hours</span>
        </dt>
        <dd className="text-sm text-slate-600 dark:text-slate-400">{company.hours}</dd>
      </div>
    </dl>
  );
}
