import { paths } from '#shared/paths';
import { landingSectionHref, landingSectionIds } from '#web/lib/landing-sections';

/** The public navigation bar's links, in order; the desktop bar and the mobile menu both render this list. */
export const publicNavLinks = [
  { label: 'Features', to: landingSectionHref(landingSectionIds.features) },
  { label: 'How it works', to: landingSectionHref(landingSectionIds.howItWorks) },
  { label: 'Pricing', to: landingSectionHref(landingSectionIds.pricing) },
  { label: 'Blog', to: paths.blog },
] as const;
