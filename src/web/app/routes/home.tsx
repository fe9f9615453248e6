import { ClosingCta } from '#web/features/marketing/components/closing-cta';
import { FaqSection } from '#web/features/marketing/components/faq-section';
import { FeaturesSection } from '#web/features/marketing/components/features-section';
import { Hero } from '#web/features/marketing/components/hero';
import { HowItWorksSection } from '#web/features/marketing/components/how-it-works-section';
import { PricingSection } from '#web/features/marketing/components/pricing-section';
import { Island } from '#web/islands/island';
import type { HeadHandle } from '#web/lib/page-head';
import { usePublicSession } from '../public-session';

export const handle: HeadHandle = {
  head: () => ({
    title: 'LinkPilot — AI-assisted link building outreach',
    description:
      'LinkPilot finds link opportunities, runs personalised outreach with follow-ups and tracks the backlinks you win. Start a 7-day free trial, no credit card required.',
  }),
};

/** Route module of /: the landing page's sections in order (docs/product.md#public-pages). */
export function Component() {
  const signedIn = usePublicSession();
  return (
    <>
      <Hero signedIn={signedIn} />
      <FeaturesSection />
      <HowItWorksSection />
      <Island name="landing-pricing" component={PricingSection} props={{}} />
      <Island name="landing-faq" component={FaqSection} props={{}} />
      <ClosingCta />
    </>
  );
}
