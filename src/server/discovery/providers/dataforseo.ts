import { z } from 'zod';
import { ProviderError, providerJson, type BacklinkProvider } from './provider';

const dataForSeoAnswer = z.object({
  status_code: z.number(),
  status_message: z.string().default(''),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string().default(''),
        result: z
          .array(
            z.object({
              items: z
                .array(
                  z.object({
                    url_from: z.string(),
                    url_to: z.string(),
                    anchor: z.string().nullable().default(''),
                  }),
                )
                .nullable()
                .default([]),
            }),
          )
          .nullable()
          .default([]),
      }),
    )
    .default([]),
});

/** DataForSEO's API host. */
export const DATAFORSEO_URL = 'https://api.dataforseo.com';
/** DataForSEO reports success as status code 20000. */
const OK = 20000;

/**
 * DataForSEO Backlinks API (`POST /v3/backlinks/backlinks/live`, HTTP Basic auth with the API
 * login and password; https://docs.dataforseo.com/v3/backlinks/backlinks/live/): one dofollow
 * backlink per referring domain of the target.
 */
export function dataForSeoProvider(
  login: string,
  password: string,
  baseUrl = DATAFORSEO_URL,
): BacklinkProvider {
  const auth = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  return {
    name: 'DataForSEO',
    async backlinks(targetDomain, limit, signal) {
      const body = JSON.stringify([
        {
          target: targetDomain,
          mode: 'one_per_domain',
          limit,
          filters: ['dofollow', '=', true],
          include_subdomains: true,
        },
      ]);
      const answer = await providerJson(
        'DataForSEO',
        `${baseUrl.replace(/\/+$/, '')}/v3/backlinks/backlinks/live`,
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body,
          signal,
        },
      );
      const parsed = dataForSeoAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderError('DataForSEO answered with an unexpected shape');
      const task = parsed.data.tasks[0];
      if (parsed.data.status_code !== OK || !task || task.status_code !== OK) {
        throw new ProviderError(`DataForSEO: ${task?.status_message || parsed.data.status_message}`);
      }
      return (task.result ?? []).flatMap((r) =>
        (r.items ?? []).map((i) => ({
          pageUrl: i.url_from,
          targetUrl: i.url_to,
          anchorText: i.anchor ?? '',
        })),
      );
    },
  };
}
