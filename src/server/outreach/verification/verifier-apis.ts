import { z } from 'zod';
import type { EmailVerdict, VerifierProvider } from '../../../shared/schemas/email-verification';

/** A provider's verdict of one address, and what it said in words. */
export interface ProviderVerdict {
  verdict: EmailVerdict;
  detail: string;
}

/** Raised when a provider refused the request (key, credits, limit) or could not be reached; the message is the user's. */
export class VerifierError extends Error {}

/** Verifies one address with one provider; see verifierApi. */
export type VerifyAddress = (email: string, signal?: AbortSignal) => Promise<ProviderVerdict>;

/** The providers' API hosts, overridable only by the app's settings (tests point them at a local server). */
export interface VerifierUrls {
  hunter: string;
  zerobounce: string;
  neverbounce: string;
}

const providerNames: Record<VerifierProvider, string> = {
  hunter: 'Hunter',
  zerobounce: 'ZeroBounce',
  neverbounce: 'NeverBounce',
};

/** The answer's status and JSON body (null when not JSON), or a VerifierError in the user's words for a refused or failed request. */
async function getJson(
  provider: VerifierProvider,
  url: URL,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const name = providerNames[provider];
  let response: Response;
  try {
    response = await fetch(url, { signal: signal ?? AbortSignal.timeout(30_000) });
  } catch {
    throw new VerifierError(`${name} could not be reached. Try again later.`);
  }
  if (response.status === 401 || response.status === 403)
    throw new VerifierError(`${name} refused the API key. Check it in Settings → Email verification.`);
  if (response.status === 429)
    throw new VerifierError(`${name}'s rate limit was reached. Try again in a minute.`);
  if (response.status === 402) throw new VerifierError(`Your ${name} account has no credits left.`);
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

const hunterAnswer = z.object({
  data: z.object({
    status: z.enum(['valid', 'invalid', 'accept_all', 'webmail', 'disposable', 'unknown']),
  }),
});

/** Hunter's statuses as verdicts (the mapping table of docs/decisions/047-address-verification.md). */
const hunterVerdicts: Record<z.infer<typeof hunterAnswer>['data']['status'], ProviderVerdict> = {
  valid: { verdict: 'deliverable', detail: 'The mailbox exists' },
  invalid: { verdict: 'undeliverable', detail: 'The mailbox does not exist' },
  accept_all: { verdict: 'risky', detail: 'The domain accepts every address (catch-all)' },
  webmail: { verdict: 'unknown', detail: 'A webmail address: the mailbox could not be confirmed' },
  disposable: { verdict: 'risky', detail: 'A disposable address' },
  unknown: { verdict: 'unknown', detail: 'The mail server did not say' },
};

/**
 * Hunter's Email Verifier (`GET /v2/email-verifier?email=&api_key=`, https://hunter.io/api-documentation/v2#email-verifier):
 * `data.status` valid | invalid | accept_all | webmail | disposable | unknown. It answers 202 while
 * the check still runs and 222 when the mail server answered unexpectedly: both unknown for now.
 */
function hunter(baseUrl: string, apiKey: string): VerifyAddress {
  return async (email, signal) => {
    const url = new URL('/v2/email-verifier', baseUrl);
    url.searchParams.set('email', email);
    url.searchParams.set('api_key', apiKey);
    const { status, body } = await getJson('hunter', url, signal);
    if (status === 202) return { verdict: 'unknown', detail: 'Hunter is still checking; verify again later' };
    if (status === 222) return { verdict: 'unknown', detail: 'The mail server answered unexpectedly' };
    if (status === 451) return { verdict: 'unknown', detail: 'Hunter does not verify this address' };
    const parsed = hunterAnswer.safeParse(body);
    if (status !== 200 || !parsed.success) throw new VerifierError('Hunter answered with an error.');
    return hunterVerdicts[parsed.data.data.status];
  };
}

const zeroBounceAnswer = z.union([
  z.object({
    status: z.enum(['valid', 'invalid', 'catch-all', 'unknown', 'spamtrap', 'abuse', 'do_not_mail']),
    sub_status: z.string().nullish(),
  }),
  z.object({ error: z.string() }),
]);

/** ZeroBounce's statuses as verdicts (docs/decisions/047-address-verification.md). */
const zeroBounceVerdicts: Record<string, ProviderVerdict> = {
  valid: { verdict: 'deliverable', detail: 'The mailbox exists' },
  invalid: { verdict: 'undeliverable', detail: 'The mailbox does not exist' },
  'catch-all': { verdict: 'risky', detail: 'The domain accepts every address (catch-all)' },
  unknown: { verdict: 'unknown', detail: 'The mail server did not say' },
  spamtrap: { verdict: 'undeliverable', detail: 'A spam trap: never write to it' },
  abuse: { verdict: 'undeliverable', detail: 'Known to mark mail as spam' },
  do_not_mail: { verdict: 'undeliverable', detail: 'ZeroBounce advises not to mail it' },
};

/**
 * ZeroBounce's validation (`GET /v2/validate?api_key=&email=&ip_address=`,
 * https://www.zerobounce.net/docs/email-validation-api-quickstart/): `status` valid | invalid |
 * catch-all | unknown | spamtrap | abuse | do_not_mail with a `sub_status`; a refused key or empty
 * account answers 200 with `{ error }`.
 */
function zeroBounce(baseUrl: string, apiKey: string): VerifyAddress {
  return async (email, signal) => {
    const url = new URL('/v2/validate', baseUrl);
    url.searchParams.set('api_key', apiKey);
    url.searchParams.set('email', email);
    url.searchParams.set('ip_address', '');
    const { status, body } = await getJson('zerobounce', url, signal);
    const parsed = zeroBounceAnswer.safeParse(body);
    if (status !== 200 || !parsed.success) throw new VerifierError('ZeroBounce answered with an error.');
    if ('error' in parsed.data)
      throw new VerifierError(`ZeroBounce refused the request: ${parsed.data.error}`);
    const verdict = zeroBounceVerdicts[parsed.data.status]!;
    const sub = parsed.data.sub_status?.replaceAll('_', ' ');
    return sub ? { ...verdict, detail: `${verdict.detail} (${sub})` } : verdict;
  };
}

const neverBounceAnswer = z.object({
  status: z.string(),
  result: z.enum(['valid', 'invalid', 'disposable', 'catchall', 'unknown']).optional(),
  message: z.string().optional(),
});

/** NeverBounce's results as verdicts (docs/decisions/047-address-verification.md). */
const neverBounceVerdicts: Record<
  NonNullable<z.infer<typeof neverBounceAnswer>['result']>,
  ProviderVerdict
> = {
  valid: { verdict: 'deliverable', detail: 'The mailbox exists' },
  invalid: { verdict: 'undeliverable', detail: 'The mailbox does not exist' },
  disposable: { verdict: 'risky', detail: 'A disposable address' },
  catchall: { verdict: 'risky', detail: 'The domain accepts every address (catch-all)' },
  unknown: { verdict: 'unknown', detail: 'The mail server did not say' },
};

/**
 * NeverBounce's single check (`GET /v4/single/check?key=&email=`,
 * https://developers.neverbounce.com/reference/single-check): `result` valid | invalid | disposable
 * | catchall | unknown when `status` is success; errors (auth_failure, throttle_triggered, …) come
 * with HTTP 200 and a `message`.
 */
function neverBounce(baseUrl: string, apiKey: string): VerifyAddress {
  return async (email, signal) => {
    const url = new URL('/v4/single/check', baseUrl);
    url.searchParams.set('key', apiKey);
    url.searchParams.set('email', email);
    const { status, body } = await getJson('neverbounce', url, signal);
    const parsed = neverBounceAnswer.safeParse(body);
    if (status !== 200 || !parsed.success) throw new VerifierError('NeverBounce answered with an error.');
    if (parsed.data.status === 'auth_failure')
      throw new VerifierError('NeverBounce refused the API key. Check it in Settings → Email verification.');
    if (parsed.data.status === 'throttle_triggered')
      throw new VerifierError("NeverBounce's rate limit was reached. Try again in a minute.");
    if (parsed.data.status !== 'success' || !parsed.data.result)
      throw new VerifierError(
        `NeverBounce refused the request: ${parsed.data.message ?? parsed.data.status}`,
      );
    return neverBounceVerdicts[parsed.data.result];
  };
}

/**
 * The client of `provider` with the workspace's `apiKey`, calling the host `urls` names (the app's
 * settings HUNTER_API_URL, ZEROBOUNCE_API_URL, NEVERBOUNCE_API_URL). Each call answers a verdict
 * or throws VerifierError with the reason in the user's words.
 */
export function verifierApi(provider: VerifierProvider, apiKey: string, urls: VerifierUrls): VerifyAddress {
  switch (provider) {
    case 'hunter':
      return hunter(urls.hunter, apiKey);
    case 'zerobounce':
      return zeroBounce(urls.zerobounce, apiKey);
    case 'neverbounce':
      return neverBounce(urls.neverbounce, apiKey);
  }
}
