import { useSearchParams } from 'react-router';
import { ContactDetails } from '#web/features/contact/components/contact-details';
import { ContactForm } from '#web/features/contact/components/contact-form';
import { Island } from '#web/islands/island';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({
    title: 'Contact Us',
    description: 'Talk to the LinkPilot team: sales, demos and support. Our office is in Sydney, Australia.',
  }),
};

/** Route module of /contact: contact details and the contact form; `?subject=` pre-fills the subject. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl px-6 py-16 sm:py-24">
      <div className="max-w-2xl">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">Contact Us</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Questions about plans, a demo for your team, or help with your account — send us a message and we
          will get back to you within one business day.
        </p>
      </div>
      <div className="mt-12 grid gap-12 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">
            Get in touch
          </h2>
          <ContactDetails />
        </section>
        <section
          aria-labelledby="form-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="form-title" className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">
            Send us a message
          </h2>
          <Island
            name="contact-form"
            component={ContactForm}
            props={{ initialSubject: params.get('subject')?.slice(0, 200) ?? '' }}
          />
        </section>
      </div>
    </div>
  );
}
