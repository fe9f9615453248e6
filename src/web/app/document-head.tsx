import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, headOf } from '../lib/page-head';

/**
 * Keeps document.title and the meta description in step with the current route on client-side
 * navigation (the server already wrote them into the first page). Pages without a head keep the last one.
 */
export function DocumentHead() {
  const head = headOf(useMatches().map((m) => ({ handle: m.handle, data: m.loaderData })));
  const title = head ? documentTitle(head.title) : null;
  const description = head?.description ?? null;
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
