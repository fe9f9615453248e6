import { Hero } from '../../features/marketing/components/hero';
import { landingSectionIds } from '../../features/marketing/landing-sections';

/** The landing page: the hero for now, and the anchored sections the navigation links to. */
export function HomePage() {
  return (
    <>
      <Hero />
      {/* Filled by the landing-page issue; present now so /#features etc. already land somewhere. */}
      <section id={landingSectionIds.features} />
      <section id={landingSectionIds.howItWorks} />
      <section id={landingSectionIds.pricing} />
    </>
  );
}
