import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailVerdict, VerifierProvider } from '../../../shared/schemas/email-verification';
import { startVerifierApis, type AddressTruth, type LocalVerifierApis } from '../../testing/verifier-apis';
import { verifierApi, VerifierError, type VerifierUrls } from './verifier-apis';

let apis: LocalVerifierApis;
let urls: VerifierUrls;

beforeAll(async () => {
  apis = await startVerifierApis('good-key');
  urls = { hunter: apis.url, zerobounce: apis.url, neverbounce: apis.url };
  const truths: [string, AddressTruth][] = [
    ['ann@valid.test', 'valid'],
    ['bob@invalid.test', 'invalid'],
    ['cy@catchall.test', 'catch-all'],
    ['dee@throwaway.test', 'disposable'],
    ['eve@silent.test', 'unknown'],
  ];
  for (const [email, truth] of truths) apis.truths.set(email, truth);
});
afterAll(() => apis.close());

/** Each provider's verdict of each kind of address (the mapping of docs/decisions/047). */
const expected: Record<VerifierProvider, EmailVerdict[]> = {
  hunter: ['deliverable', 'undeliverable', 'risky', 'risky', 'unknown'],
  // ZeroBounce calls a disposable address do_not_mail: never mailed.
  zerobounce: ['deliverable', 'undeliverable', 'risky', 'undeliverable', 'unknown'],
  neverbounce: ['deliverable', 'undeliverable', 'risky', 'risky', 'unknown'],
};
const addresses = [
  'ann@valid.test',
  'bob@invalid.test',
  'cy@catchall.test',
  'dee@throwaway.test',
  'eve@silent.test',
];
const paths: Record<VerifierProvider, string> = {
  hunter: '/v2/email-verifier',
  zerobounce: '/v2/validate',
  neverbounce: '/v4/single/check',
};

describe.each(Object.keys(expected) as VerifierProvider[])('%s', (provider) => {
  it('maps its statuses to the four verdicts, asking its documented endpoint', async () => {
    const verify = verifierApi(provider, 'good-key', urls);
    apis.requests.length = 0;
    const verdicts = [];
    for (const email of addresses) verdicts.push((await verify(email)).verdict);
    expect(verdicts).toEqual(expected[provider]);
    expect(apis.requests.map((r) => r.path)).toEqual(addresses.map(() => paths[provider]));
    expect(apis.requests.map((r) => r.email)).toEqual(addresses);
  });

  it('says in words when the key is refused', async () => {
    const verify = verifierApi(provider, 'wrong-key', urls);
    const error = await verify('ann@valid.test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerifierError);
    expect((error as Error).message).toMatch(/refused/);
  });
});

it('ZeroBounce names the sub-status of an invalid address', async () => {
  const verify = verifierApi('zerobounce', 'good-key', urls);
  expect(await verify('bob@invalid.test')).toEqual({
    verdict: 'undeliverable',
    detail: 'The mailbox does not exist (mailbox not found)',
  });
});

it('an unreachable provider is an error in words, never a verdict', async () => {
  const verify = verifierApi('hunter', 'good-key', { ...urls, hunter: 'http://127.0.0.1:9' });
  await expect(verify('ann@valid.test')).rejects.toThrow('Hunter could not be reached. Try again later.');
});
