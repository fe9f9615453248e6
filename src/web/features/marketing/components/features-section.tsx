import {
  BarChart3,
  Gauge,
  Mail,
  PenLine,
  Radar,
  ShieldCheck,
  Swords,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { landingSectionIds } from '#web/lib/landing-sections';
import { SectionHeading } from './section-heading';

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Radar,
    title: 'AI prospect discovery',
    text: 'Give us your site and up to 5 competitors; LinkPilot finds the pages that link to them and the sites that accept guest posts in your niche.',
  },
  {
    icon: Gauge,
    title: 'Quality scores',
    text: 'Every prospect carries a domain authority and a relevance score, so you contact the sites that move rankings first.',
  },
  {
    icon: Mail,
    title: 'Personalised outreach',
    text: 'Connect Gmail or any SMTP mailbox and send personalised emails from your own address, within safe daily limits.',
  },
  {
    icon: PenLine,
    title: 'Automated follow-ups',
    text: 'Build sequences of up to three steps with delays you choose; follow-ups stop on their own when someone replies.',
  },
  {
    icon: ShieldCheck,
    title: 'Backlink monitoring',
    text: 'Keep a live list of the links you win and get told about new, lost and suspicious backlinks.',
  },
  {
    icon: Swords,
    title: 'Competitor analysis',
    text: 'See where your competitors earn their links and turn their best sources into your next opportunities.',
  },
  {
    icon: BarChart3,
    title: 'Campaign analytics',
    text: 'Opens, clicks, replies and successes per campaign, with contact exports to CSV whenever you need them.',
  },
  {
    icon: Users,
    title: 'Team collaboration',
    text: 'Shared workspaces with role-based permissions and activity logs keep everyone on the same campaigns.',
  },
];

/** Landing section #features: the eight feature cards (docs/product.md#public-pages). */
export function FeaturesSection() {
  return (
    <section id={landingSectionIds.features} aria-labelledby="features-title" className="py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything link building needs, in one place"
        >
          From the first prospect to the live link: find, contact, follow up and track without switching
          tools.
        </SectionHeading>
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
