import { z } from 'zod';
import { ProviderError, providerJson, type SearchProvider } from './provider';

const braveAnswer = z.object({
  web: z
    .object({
      results: z.array(
        z.object({ url: z.string(), title: z.string().default(''), description: z.string().default('') }),
      ),
    })
    .optional(),
});

/** The public endpoint of the Brave Search API (web search). */
export const BRAVE_SEARCH_URL = 'https://api.search.brave.com/res/v1/web/search';

/**
 * Brave Search API web search (`GET …/web/search?q=…&count=20` with the `X-Subscription-Token`
 * header; https://api-dashboard.search.brave.com/app/documentation/web-search).
 */
export function braveSearchProvider(apiKey: string, endpoint = BRAVE_SEARCH_URL): SearchProvider {
  return {
    name: 'Brave Search',
    async search(query, signal) {
      const url = `${endpoint}?${new URLSearchParams({ q: query, count: '20' })}`;
      const body = await providerJson('Brave Search', url, {
        headers: { 'x-subscription-token': apiKey },
        signal,
      });
      const parsed = braveAnswer.safeParse(body);
      if (!parsed.success) throw new ProviderError('Brave Search answered with an unexpected shape');
      return (parsed.data.web?.results ?? []).map((r) => ({
        url: r.url,
        title: r.title,
        snippet: r.description,
      }));
    },
  };
}
