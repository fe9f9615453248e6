import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { domainMemoryMessages, type ContactPage, type DomainMemory } from '../../../shared/schemas/prospects';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;
let cookie: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: stranger } = await signUpUser(t.app));
});
afterAll(() => t.close());

const contacts = async (who = cookie) =>
  (
    await t.app.inject({
      method: 'GET',
      url: withQuery(apiPaths.contacts, { pageSize: 100 }),
      headers: { cookie: who },
    })
  ).json<ContactPage>();
const putMemory = (payload: object, who = cookie) =>
  t.app.inject({ method: 'PUT', url: apiPaths.domainMemory, headers: { cookie: who }, payload });

describe('domain memory on the contacts screen', () => {
  it('shows when a domain was last contacted, by which campaign and the outcome', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Memory campaign' });
    const before = await contacts();
    const alpha = before.items.find((c) => c.website.includes('alpha.com'))!;
    expect(alpha).toMatchObject({ domain: 'alpha.com', domainMemory: null });

    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, alpha.id),
      headers: { cookie },
      payload: { status: 'sent' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, alpha.id),
      headers: { cookie },
      payload: { status: 'failed' },
    });
    const after = (await contacts()).items.find((c) => c.id === alpha.id)!;
    expect(after.domainMemory).toMatchObject({
      domain: 'alpha.com',
      campaignId: campaign.id,
      campaignName: 'Memory campaign',
      outcome: 'failed',
      doNotContact: false,
    });
    // Failed keeps the prospect's own last contact, which is the memory's.
    expect(after.lastContacted).not.toBeNull();
    expect(after.domainMemory!.lastContactedAt).toBe(after.lastContacted);
  });

  it('sets and clears do-not-contact by domain, normalising a typed address', async () => {
    await createManualCampaign(t.app, cookie);
    const set = await putMemory({ domain: 'https://WWW.Beta.org/contact', doNotContact: true });
    expect(set.statusCode).toBe(200);
    expect(set.json<DomainMemory>()).toMatchObject({
      domain: 'beta.org',
      doNotContact: true,
      lastContactedAt: null,
    });
    const betaRows = (await contacts()).items.filter((c) => c.domain === 'beta.org');
    expect(betaRows.length).toBeGreaterThan(0);
    expect(betaRows.every((c) => c.domainMemory?.doNotContact === true)).toBe(true);

    expect(
      (await putMemory({ domain: 'beta.org', doNotContact: false })).json<DomainMemory>().doNotContact,
    ).toBe(false);
  });

  it('finds the memory of websites typed as URLs, upper-case, with www. or an international name', async () => {
    await createManualCampaign(t.app, cookie, {
      name: 'Typed addresses',
      prospects: [{ website: 'https://WWW.Kappa.org/blog' }, { website: 'https://bücher.example/shop' }],
    });
    await putMemory({ domain: 'kappa.org', doNotContact: true });
    // The host as URL parsing gives it (punycode), which is how siteDomain keys the memory.
    await putMemory({ domain: 'xn--bcher-kva.example', doNotContact: true });
    const items = (await contacts()).items;
    const kappa = items.find((c) => c.website === 'https://WWW.Kappa.org/blog')!;
    expect(kappa).toMatchObject({ domain: 'kappa.org', domainMemory: { doNotContact: true } });
    const books = items.find((c) => c.website.includes('shop'))!;
    expect(books).toMatchObject({
      domain: 'xn--bcher-kva.example',
      domainMemory: { domain: 'xn--bcher-kva.example', doNotContact: true },
    });
  });

  it("keeps each user's memory apart", async () => {
    await createManualCampaign(t.app, stranger);
    await putMemory({ domain: 'gamma.net', doNotContact: true }, stranger);
    const mine = (await contacts()).items.filter((c) => c.domain === 'gamma.net');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c) => !c.domainMemory?.doNotContact)).toBe(true);
    const theirs = (await contacts(stranger)).items.filter((c) => c.domain === 'gamma.net');
    expect(theirs.every((c) => c.domainMemory?.doNotContact)).toBe(true);
  });

  it('refuses what is not a domain, in words the user understands, and answers 401 signed out', async () => {
    const bad = await putMemory({ domain: 'not a domain', doNotContact: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(domainMemoryMessages.invalidDomain);
    expect((await putMemory({ domain: 'ok.example' }, cookie)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: apiPaths.domainMemory,
      payload: { domain: 'ok.example', doNotContact: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
