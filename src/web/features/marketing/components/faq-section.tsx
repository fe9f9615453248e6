import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#web/lib/cn';
import { SectionHeading } from './section-heading';

/**
 * The FAQ's answers keep their own figures (docs/product.md#plans: they differ from the plan cards; both are kept).
 */
const faqs = [
  {
    question: 'How does the 7-day free trial work?',
    answer:
      'Sign up and use every feature of your chosen plan for 7 days. No credit card is required, and nothing is charged unless you choose a plan when the trial ends.',
  },
  {
    question: 'How many outreach emails can I send each month?',
    answer:
      'Starter includes 500 emails per month, Professional 2,000 and Enterprise 10,000. Each connected mailbox also has its own daily limit so your sending stays safe for deliverability.',
  },
  {
    question: 'How many websites can I manage?',
    answer:
      'Starter covers up to 3 websites, Professional up to 10, and Enterprise an unlimited number. Each website can have as many campaigns as you need.',
  },
  {
    question: 'Does LinkPilot integrate with my other SEO tools?',
    answer:
      'Yes. LinkPilot integrates with third-party SEO tools for authority metrics and backlink data, and with Google Search Console so you can compare outreach results with your search performance.',
  },
  {
    question: 'Which mailboxes can I connect?',
    answer:
      'Gmail through Google sign-in, and any other provider through SMTP and IMAP. Emails are sent from your own address; mailbox credentials are stored encrypted.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'You can switch plans or cancel at any time from your account. Annual plans are billed once a year at 20% off the monthly price.',
  },
];

// A fixed prefix rather than useId: the FAQ is an island, hydrated as a root of its own (islands/island.tsx).
const baseId = 'faq';

/** The FAQ accordion (docs/product.md#states): one item open at a time, the first open initially; clicking the open item closes it. */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50 py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-3xl px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {faqs.map((faq, index) => {
            const isOpen = open === index;
            const buttonId = `${baseId}-q${index}`;
            const panelId = `${baseId}-a${index}`;
            return (
              <div key={faq.question}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setOpen(isOpen ? null : index)}
                    className="flex w-full cursor-pointer items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset dark:text-white"
                  >
                    {faq.question}
                    <ChevronDown
                      aria-hidden
                      className={cn(
                        'size-5 shrink-0 text-slate-500 transition-transform',
                        isOpen && 'rotate-180',
                      )}
                    />
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!isOpen}
                  className="px-6 pb-5 text-slate-600 dark:text-slate-400"
                >
                  {faq.answer}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
