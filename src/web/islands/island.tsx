import type { ComponentType } from 'react';
import type { IslandName } from './island-loaders';

/** The attribute naming an island's component, read by `mountIslands`. */
export const ISLAND_ATTRIBUTE = 'data-island';
/** The attribute carrying an island's props as JSON, read by `mountIslands`. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

interface IslandProps<P extends object> {
  /** The key of `islandLoaders` whose component the browser hydrates here. */
  name: IslandName;
  /** What the server renders; the loader of `name` must resolve to a component rendering the same. */
  component: ComponentType<P>;
  /** Plain JSON values: they travel to the browser in an attribute. */
  props: P;
}

/**
 * An interactive part of a server-rendered public page. The public entry (public-entry.tsx) hydrates
 * it as a root of its own, so the page ships no router: its component must not need router, query or
 * other context, and must not use `useId` (the server numbers ids by the position in the whole page,
 * the browser by the position in the island). `display: contents` keeps the wrapper out of layout,
 * so a sticky header still sticks to the page. In the SPA it is just a wrapper.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const attributes = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: Object.keys(props).length > 0 ? JSON.stringify(props) : undefined,
  };
  return (
    <div className="contents" {...attributes}>
      <Component {...props} />
    </div>
  );
}
