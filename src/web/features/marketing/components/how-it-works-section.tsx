import { Play } from 'lucide-react';
import { landingSectionIds } from '#web/lib/landing-sections';
import { SectionHeading } from './section-heading';

const steps = [
  {
    title: 'Discover opportunities',
    text: 'Create a campaign for your website. LinkPilot crawls your competitors’ link sources and finds relevant sites with their contact details and scores.',
  },
  {
    title: 'Automate outreach',
    text: 'Pick a sequence, connect your mailbox and enrol prospects. Personalised emails and follow-ups go out on schedule from your own address.',
  },
  {
    title: 'Track results',
    text: 'Replies, successes and live links appear on your dashboard as they happen, so you always know what each campaign has earned.',
  },
];

/** Landing section #how-it-works: three steps and the demo video placeholder (3:24). */
export function HowItWorksSection() {
  return (
    <section
      id={landingSectionIds.howItWorks}
      aria-labelledby="how-title"
      className="bg-slate-50 py-24 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From website to live backlinks in three steps"
        />
        <div className="mt-16 grid items-center gap-12 lg:grid-cols-2">
          <ol className="space-y-8">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-5">
                <span
                  aria-hidden
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-1 text-slate-600 dark:text-slate-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <figure
            data-testid="demo-video"
            className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 shadow-xl"
          >
            <span
              aria-hidden
              className="flex size-20 items-center justify-center rounded-full bg-white/90 text-indigo-700 shadow-lg"
            >
              <Play className="ml-1 size-8" />
            </span>
            <span className="absolute right-4 bottom-4 rounded-md bg-slate-950/75 px-2 py-1 font-mono text-sm text-white">
              3:24
            </span>
            <figcaption className="absolute top-4 left-4 rounded-md bg-slate-950/60 px-2 py-1 text-sm text-white">
              Product demo · video coming soon
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
