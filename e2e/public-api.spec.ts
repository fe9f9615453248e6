import { expect, test, type APIRequestContext } from '@playwright/test';
import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { apiPaths, paths, withId } from '../src/shared/paths';
import type { Prospect } from '../src/shared/schemas/prospects';
import { startWebhookReceiver, type ReceivedWebhook } from '../src/server/testing/webhook-receiver';
import { okJson } from './outreach-api';
import { screenshots, shotsDir } from './screenshots';
import { newUser, signUp } from './support';

/**
 * The public API end to end (docs/product.md#api, docs/product.md#webhooks): a Full Access member
 * creates an API key and a webhook endpoint in Settings; a script with the key creates a campaign
 * and changes a prospect under /api/v1 and runs the README's examples (scripts/api-examples.sh);
 * the endpoint — a local receiver — gets the test event and the prospect's change, both signed as
 * docs/product.md#webhooks says; the delivery log and the activity log show them; revoking the key
 * stops it at the next request. Screenshots of both tabs in both themes go to /tmp/shots (SHOTS_DIR).
 */

/** True when `received` carries a valid x-linkpilot-signature for `secret` (the README's recipe). */
function signedWith(secret: string, received: ReceivedWebhook): boolean {
  const header = String(received.headers['x-linkpilot-signature'] ?? '');
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('='))) as Record<
    string,
    string
  >;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest();
  const given = Buffer.from(v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Calls the API as a script does: the key in the Authorization header, nothing else. */
function withKey(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
    patch: (url: string, data: unknown) => request.patch(url, { headers, data }),
  };
}

const v1 = (path: string) => path.replace(/^\/api\//, '/api/v1/');

test('an API key and a webhook endpoint made in Settings drive a script and receive its changes', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    await signUp(page, newUser({ companyName: 'Acme Links' }));

    // The key: made once, shown once.
    await page.goto(paths.settingsTab('api-keys'));
    await page.getByRole('button', { name: 'Create API key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Create API key' });
    await keyDialog.getByLabel('Name').fill('Reporting sheet');
    await keyDialog.getByRole('checkbox', { name: /Read/ }).check();
    await keyDialog.getByRole('checkbox', { name: /Write/ }).check();
    await keyDialog.getByRole('button', { name: 'Create API key' }).click();
    const key = await page.getByRole('textbox', { name: 'API key', exact: true }).inputValue();
    expect(key).toMatch(/^lp_[0-9A-Za-z]{32}$/);
    await page.screenshot({ path: `${shotsDir}/api-key-created-1280-light.png` });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: /Reporting sheet/ })).toContainText('Active');

    // The script: creates a campaign with a prospect through /api/v1, with the rate limit in view.
    const api = withKey(request, key);
    const created = await api.post(v1(apiPaths.campaigns), {
      type: 'manual',
      name: 'Bike blogs',
      websiteUrl: 'https://mysite.example',
      competitors: [],
      prospects: [
        { website: 'annas-blog.example', contactEmail: 'anna@annas-blog.example', contactName: 'Anna' },
      ],
    });
    const campaign = await okJson(created);
    expect(Number(created.headers()['ratelimit-remaining'])).toBeLessThan(
      Number(created.headers()['ratelimit-limit']),
    );
    const listed = await okJson<{ items: { id: string }[]; nextCursor: string | null }>(
      await api.get(v1(apiPaths.campaigns)),
    );
    expect(listed.items.map((c) => c.id)).toEqual([campaign.id]);
    expect(listed.nextCursor).toBeNull();

    // The endpoint: a local receiver, for prospect status changes.
    await page.goto(paths.settingsTab('webhooks'));
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const hookDialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await hookDialog.getByLabel('URL').fill(receiver.url);
    await hookDialog.getByLabel('Description').fill('CRM sync');
    await hookDialog.getByRole('checkbox', { name: /Prospect status changed/ }).check();
    await hookDialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret', exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    // A new endpoint opens by itself; after a reload it is opened from the list.
    const openEndpoint = () => page.getByRole('button', { name: `Open ${receiver.url}` }).click();

    // Test: the receiver's answer shows, and it got a signed webhook.test.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/The receiver answered 200 in \d+ ms: delivered\./)).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    expect(signedWith(secret, receiver.received[0]!)).toBe(true);

    // A change made by the script reaches the receiver, signed, and the open log shows it delivered.
    const prospects = await okJson<{ items: Prospect[] }>(
      await api.get(v1(withId(apiPaths.campaignProspects, campaign.id))),
    );
    const anna = prospects.items[0]!;
    await okJson(await api.patch(v1(withId(apiPaths.prospect, anna.id)), { status: 'success' }));
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    const event = receiver.received[1]!;
    expect(signedWith(secret, event)).toBe(true);
    expect(event.headers['webhook-id']).toBe(JSON.parse(event.body).id);
    expect(JSON.parse(event.body)).toMatchObject({
      type: 'prospect.status_changed',
      data: {
        prospectId: anna.id,
        campaignId: campaign.id,
        website: anna.website,
        from: 'pending',
        to: 'success',
      },
    });
    const log = page.getByRole('region', { name: 'Deliveries' });
    await expect(log.getByRole('row', { name: /Prospect status changed/ })).toContainText('Delivered');

    // The README's examples run as written against this install.
    const { stdout } = await promisify(execFile)('bash', ['scripts/api-examples.sh'], {
      env: { ...process.env, LINKPILOT_URL: baseURL!, LINKPILOT_API_KEY: key },
    });
    expect(stdout).toContain('== Add a live link');
    expect(stdout).toContain('"added":1');

    await screenshots(page, 'webhooks', openEndpoint);

    // The activity log names the key the changes came through.
    await page.goto(paths.settingsTab('activity'));
    await expect(
      page.getByText(/created the campaign Bike blogs.*via API key Reporting sheet/),
    ).toBeVisible();

    // Revoked in the app, the key is refused at its next request.
    await page.goto(paths.settingsTab('api-keys'));
    await page.getByRole('button', { name: 'Revoke Reporting sheet' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('row', { name: /Reporting sheet/ })).toContainText('Revoked');
    expect((await api.get(v1(apiPaths.campaigns))).status()).toBe(401);
    await screenshots(page, 'api-keys');
  } finally {
    await receiver.close();
  }
});
