import { paths } from '#shared/paths';

/** Ids of the landing page's anchored sections (docs/product.md#public-pages), shared by the page and the navigation links. */
export const landingSectionIds = {
  features: 'features',
  howItWorks: 'how-it-works',
  pricing: 'pricing',
} as const;

/** The URL of a landing section, usable from any page. */
export function landingSectionHref(id: (typeof landingSectionIds)[keyof typeof landingSectionIds]): string {
  return `${paths.home}#${id}`;
}
