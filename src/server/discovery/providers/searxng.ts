import { z } from 'zod';
import { ProviderError, providerJson, type SearchProvider } from './provider';

const searxngAnswer = z.object({
  results: z.array(
    z.object({ url: z.string(), title: z.string().default(''), content: z.string().default('') }),
  ),
});

/**
 * SearXNG's JSON API (`GET {base}/search?q=…&format=json`; the instance must list `json` in
 * `search.formats` of its settings.yml). Free and self-hostable.
 */
export function searxngProvider(baseUrl: string): SearchProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'SearXNG',
    async search(query, signal) {
      const url = `${base}/search?${new URLSearchParams({ q: query, format: 'json' })}`;
      const parsed = searxngAnswer.safeParse(await providerJson('SearXNG', url, { signal }));
      if (!parsed.success) throw new ProviderError('SearXNG answered with an unexpected shape');
      return parsed.data.results.map((r) => ({ url: r.url, title: r.title, snippet: r.content }));
    },
  };
}
