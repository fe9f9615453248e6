import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { Button } from '#web/components/ui/button';

/** The landing page's last section: one more invitation to start the trial. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="py-24">
      <div className="mx-auto max-w-5xl px-6">
        <div className="rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-8 py-16 text-center shadow-xl">
          <h2
            id="cta-title"
            className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            Start winning backlinks this week
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
            Try LinkPilot free for 7 days. No credit card required — set up your first campaign in minutes.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-indigo-700 hover:bg-indigo-50">
              <Link to={paths.signup}>Start free trial</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 dark:border-white/40 dark:bg-transparent"
            >
              <Link to={paths.contact}>Talk to sales</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
