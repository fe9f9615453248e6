import { startLocalServer } from './fixture-web';

/** What the local verification APIs know of an address; each API says it in its own words. */
export type AddressTruth = 'valid' | 'invalid' | 'catch-all' | 'disposable' | 'unknown';

export interface LocalVerifierApis {
  /** The base URL of all three APIs (HUNTER_API_URL, ZEROBOUNCE_API_URL, NEVERBOUNCE_API_URL). */
  url: string;
  /** What each address is; an address not listed is 'unknown'. */
  truths: Map<string, AddressTruth>;
  /** Every verification asked: the API's path and the address. */
  requests: { path: string; email: string }[];
  close(): Promise<void>;
}

const hunterStatus: Record<AddressTruth, string> = {
  valid: 'valid',
  invalid: 'invalid',
  'catch-all': 'accept_all',
  disposable: 'disposable',
  unknown: 'unknown',
};
const neverBounceResult: Record<AddressTruth, string> = {
  valid: 'valid',
  invalid: 'invalid',
  'catch-all': 'catchall',
  disposable: 'disposable',
  unknown: 'unknown',
};

/**
 * A local HTTP server speaking the three verification APIs as their documentation describes them,
 * for one valid API key:
 * - Hunter `GET /v2/email-verifier?email=&api_key=` → `{ data: { email, status, result, score, … } }`,
 *   401 with `{ errors: [{ id, code, details }] }` for another key;
 * - ZeroBounce `GET /v2/validate?api_key=&email=&ip_address=` → `{ address, status, sub_status, … }`,
 *   and 200 with `{ error }` for another key;
 * - NeverBounce `GET /v4/single/check?key=&email=` → `{ status: 'success', result, flags, … }`, and
 *   200 with `{ status: 'auth_failure', message }` for another key.
 */
export async function startVerifierApis(validKey: string): Promise<LocalVerifierApis> {
  const truths = new Map<string, AddressTruth>();
  const requests: LocalVerifierApis['requests'] = [];
  const server = await startLocalServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const email = url.searchParams.get('email') ?? '';
    const truth = truths.get(email) ?? 'unknown';
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    requests.push({ path: url.pathname, email });
    const [account = '', domain = ''] = email.split('@');
    switch (url.pathname) {
      case '/v2/email-verifier':
        if (url.searchParams.get('api_key') !== validKey)
          return json(401, {
            errors: [
              { id: 'authentication_failed', code: 401, details: 'No user found for the API key supplied' },
            ],
          });
        return json(200, {
          data: {
            status: hunterStatus[truth],
            result: truth === 'valid' ? 'deliverable' : truth === 'invalid' ? 'undeliverable' : 'risky',
            score: truth === 'valid' ? 96 : 40,
            email,
            regexp: true,
            gibberish: false,
            disposable: truth === 'disposable',
            webmail: false,
            mx_records: true,
            smtp_server: true,
            smtp_check: truth === 'valid',
            accept_all: truth === 'catch-all',
            block: false,
            sources: [],
          },
          meta: { params: { email } },
        });
      case '/v2/validate':
        if (url.searchParams.get('api_key') !== validKey)
          return json(200, { error: 'Invalid API key or your account ran out of credits' });
        return json(200, {
          address: email,
          status: truth === 'disposable' ? 'do_not_mail' : truth,
          sub_status: truth === 'invalid' ? 'mailbox_not_found' : truth === 'disposable' ? 'disposable' : '',
          free_email: false,
          did_you_mean: null,
          account,
          domain,
          domain_age_days: '9000',
          smtp_provider: null,
          mx_found: 'true',
          mx_record: `mx.${domain}`,
          firstname: null,
          lastname: null,
          processed_at: '2026-11-29 10:00:00.000',
        });
      case '/v4/single/check':
        if (url.searchParams.get('key') !== validKey)
          return json(200, { status: 'auth_failure', message: 'Invalid API key', execution_time: 10 });
        return json(200, {
          status: 'success',
          result: neverBounceResult[truth],
          flags: ['has_dns', 'has_dns_mx'],
          suggested_correction: '',
          execution_time: 120,
        });
      default:
        return json(404, { error: 'Not found' });
    }
  });
  return { url: server.url, truths, requests, close: () => server.close() };
}
