import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { Button } from '#web/components/ui/button';
import heroImage from '../assets/hero-dashboard.svg';

/** The marketing claims (docs/product.md#overview), shown under the hero. */
const claims = [
  { value: 'DA 54', label: 'average domain authority of links won' },
  { value: '75%', label: 'more cost-effective than agency outreach' },
  { value: '85%', label: 'less time spent on prospecting and follow-ups' },
] as const;

/**
 * The landing page's opening section: what LinkPilot does, the two ways in (Log in becomes the
 * dashboard for a `signedIn` visitor), its claims and a product picture.
 */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    // Pulled up under the sticky navigation bar so the bar is transparent over the hero's backdrop.
    <section aria-labelledby="hero-title" className="relative -mt-16 overflow-hidden pt-36 pb-20 sm:pt-44">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,rgb(99_102_241/0.18),transparent)] dark:bg-[radial-gradient(60%_50%_at_50%_0%,rgb(99_102_241/0.28),transparent)]"
      />
      <div className="mx-auto max-w-4xl px-6 text-center">
        <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
          <Sparkles aria-hidden className="size-4" />
          7-day free trial · no credit card required
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white"
        >
          AI-assisted link building outreach that{' '}
          <span className="bg-gradient-to-r from-indigo-500 to-violet-500 bg-clip-text text-transparent">
            wins backlinks
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-400">
          LinkPilot finds the sites worth contacting, writes and sends personalised outreach with follow-ups,
          and tracks every link you earn — so you spend your time on relationships, not spreadsheets.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.signup}>
              Start free trial
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            {signedIn ? (
              <Link to={paths.dashboard}>Go to dashboard</Link>
            ) : (
              <Link to={paths.login}>Log in</Link>
            )}
          </Button>
        </div>
        <dl className="mx-auto mt-14 grid max-w-3xl gap-6 sm:grid-cols-3">
          {claims.map((claim) => (
            <div key={claim.value} className="flex flex-col items-center gap-1">
              {/* The figure reads first visually; dt stays first in the markup as a description list needs. */}
              <dt className="order-2 text-sm text-slate-600 dark:text-slate-400">{claim.label}</dt>
              <dd className="order-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
                {claim.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="mx-auto mt-16 max-w-5xl px-6">
        <img
          src={heroImage}
          width={960}
          height={560}
          alt="The LinkPilot dashboard: average domain authority, time saved, reply rate, a rising chart of live backlinks and a list of prospects"
          className="w-full rounded-2xl shadow-2xl ring-1 shadow-indigo-500/20 ring-slate-900/10 dark:ring-white/10"
        />
      </div>
    </section>
  );
}
