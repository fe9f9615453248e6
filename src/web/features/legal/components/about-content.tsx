import { Clock, Gauge, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';
import { LegalSection } from './legal-page';

const reasons: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Sparkles,
    title: 'AI where it saves time, you where it matters',
    text: 'Discovery, scoring and first drafts are automated; the relationships and the final word stay yours.',
  },
  {
    icon: Gauge,
    title: 'Quality over volume',
    text: 'Domain authority and relevance scores on every prospect — our users’ links average DA 54.',
  },
  {
    icon: Clock,
    title: 'Hours back every week',
    text: 'Users report 85% less time on prospecting and follow-ups, and 75% better cost effectiveness than agency outreach.',
  },
  {
    icon: ShieldCheck,
    title: 'Respectful, secure outreach',
    text: 'Your own mailbox, sensible daily limits, follow-ups that stop on reply, and encrypted credentials.',
  },
];

/** The About page: mission, approach and four reasons to choose LinkPilot (docs/product.md#public-pages). */
export function AboutContent() {
  return (
    <>
      <LegalSection title="Our mission">
        <p>
          Good content deserves to be found. Yet for most marketers, SEOs and website owners, earning links
          still means spreadsheets, copy-pasted emails and forgotten follow-ups. LinkPilot exists to make link
          building systematic, measurable and fair to everyone involved — including the people on the
          receiving end of outreach.
        </p>
      </LegalSection>
      <LegalSection title="Our approach">
        <p>
          We combine a crawler that reads the web the way a careful researcher would — obeying robots.txt,
          looking at who links to your competitors and which sites welcome guest posts — with outreach tools
          that send personal, relevant emails from your own mailbox. Every campaign shows what happened:
          emails sent, opened, answered, and the live links that resulted.
        </p>
        <p>
          We build in Sydney, Australia, for teams everywhere, and we use LinkPilot for our own link building.
        </p>
      </LegalSection>
      <section aria-labelledby="reasons-title">
        <h2 id="reasons-title" className="text-xl font-semibold text-slate-900 dark:text-white">
          Four reasons to choose LinkPilot
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <Icon aria-hidden className="size-6 text-indigo-600 dark:text-indigo-400" />
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
