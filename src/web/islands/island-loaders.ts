import type { ComponentType } from 'react';

/** Loads the component of one island (a chunk of its own, so a page downloads only its islands' code). */
export type IslandLoader = () => Promise<ComponentType<never>>;

/**
 * The islands of the public pages, by name. Each loads as its own chunk, so a page downloads the code
 * of the islands it shows and no more.
 */
export const islandLoaders = {
  'public-navbar': () => import('../components/layouts/public-navbar').then((m) => m.PublicNavbar),
  'landing-pricing': () =>
    import('../features/marketing/components/pricing-section').then((m) => m.PricingSection),
  'landing-faq': () => import('../features/marketing/components/faq-section').then((m) => m.FaqSection),
  'contact-form': () =>
    import('../features/contact/components/contact-form-island').then((m) => m.ContactFormIsland),
} satisfies Record<string, IslandLoader>;

/** The name of an island, as `<Island name>` takes it. */
export type IslandName = keyof typeof islandLoaders;
