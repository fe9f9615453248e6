import { startTransition, StrictMode, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from './island';
import type { IslandLoader } from './island-loaders';

async function hydrateIsland(element: HTMLElement, loaders: Record<string, IslandLoader>): Promise<Root> {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const load = loaders[name];
  if (!load) throw new Error(`No island named "${name}"`);
  // The props are the JSON the server rendered the same component with.
  const Component = (await load()) as ComponentType<Record<string, unknown>>;
  const json = element.getAttribute(ISLAND_PROPS_ATTRIBUTE);
  const props = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  // As a transition React hydrates in slices of a few milliseconds, yielding to the browser in between,
  // instead of one long task per island (docs/decisions/021-public-page-islands.md).
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(
      element,
      <StrictMode>
        <Component {...props} />
      </StrictMode>,
    );
  });
  // startTransition runs its callback at once, so the root is there.
  return root!;
}

/**
 * Hydrates every island (`<Island>`) under `root`, each as its own React root with the props the
 * server rendered it with. One island failing to load is reported and leaves its server markup in
 * place; the others still hydrate. Resolves with the roots that hydrated.
 */
export async function mountIslands(root: ParentNode, loaders: Record<string, IslandLoader>): Promise<Root[]> {
  const elements = [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  const results = await Promise.allSettled(elements.map((element) => hydrateIsland(element, loaders)));
  return results.flatMap((result) => {
    if (result.status === 'fulfilled') return [result.value];
    console.error('An island could not be hydrated', result.reason);
    return [];
  });
}
