import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, headOf } from '../lib/page-head';

// The title a page named from its own data (usePageTitle); a module store, as there is one document.
let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(title: string | null): void {
  pageTitle = title;
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/**
 * Names the document after data the page loaded itself (a campaign's name) while the page is shown,
 * in place of its route's title; nothing (null, undefined, '') leaves the route's title.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

/**
 * Keeps document.title and the meta description in step with the current route on client-side
 * navigation (the server already wrote them into the first page). Pages without a head keep the last one.
 */
export function DocumentHead() {
  const head = headOf(useMatches().map((m) => ({ handle: m.handle, data: m.loaderData })));
  const named = useSyncExternalStore(
    subscribe,
    () => pageTitle,
    () => null,
  );
  const pageName = named ?? head?.title;
  const title = pageName ? documentTitle(pageName) : null;
  const description = head?.description ?? null;
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
