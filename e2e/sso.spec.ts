import { expect, test } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { messages } from '../src/shared/messages';
import { paths } from '../src/shared/paths';
import { ssoMessages } from '../src/shared/schemas/sso';
import { screenshots } from './screenshots';
import { newUser, signUp, verifyEmail } from './support';

/**
 * Single sign-on through a local OpenID Connect provider (oauth2-mock-server, on loopback, which
 * the app's SSRF guard lets through with CRAWL_ALLOW_PRIVATE=127.0.0.1): a Full Access member sets
 * it up under Settings → Single sign-on, then a new person signs in with "Sign in with SSO" and lands
 * in that workspace as a Member. Then the sessions list names the owner's two sessions and ends one.
 * Screenshots at 1280 and 390 px in both themes go to /tmp/shots (SHOTS_DIR).
 */
let oauth: OAuth2Server;
/** The address the provider puts in the next ID token. */
let signingInAs = '';

test.beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeTokenSigning', (token) => {
    token.payload.email = signingInAs;
    token.payload.email_verified = true;
    token.payload.given_name = 'Nia';
    token.payload.family_name = 'Newcomer';
  });
  await oauth.start(0, '127.0.0.1');
  // By its address, which NO_PROXY sends direct (the app's HTTP_PROXY is the fixture web).
  oauth.issuer.url = `http://127.0.0.1:${oauth.address().port}`;
});
test.afterAll(() => oauth.stop());

test('a new person signs in through the workspace’s OIDC provider and joins it as a Member; sessions can be ended one by one', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const domain = `sso${Date.now().toString(36)}.test`;
  const owner = newUser({
    firstName: 'Olga',
    lastName: 'Owner',
    companyName: 'Orbit Ltd',
    email: `olga@${domain}`,
  });
  const ownerPage = await (await browser.newContext()).newPage();
  await signUp(ownerPage, owner);
  await verifyEmail(ownerPage, owner.email);

  await ownerPage.goto(paths.settingsTab('sso'));
  await expect(ownerPage.getByText('Single sign-on is not set up')).toBeVisible();
  await screenshots(ownerPage, 'sso-empty');
  await ownerPage.getByRole('button', { name: 'Set Up SSO' }).click();
  await ownerPage.getByLabel('Issuer URL').fill(oauth.issuer.url!);
  await ownerPage.getByLabel('Client ID').fill('linkpilot-e2e');
  await ownerPage.getByLabel('Client secret').fill('e2e-client-secret');
  await ownerPage.getByLabel('Email domains').fill('gmail.com');
  await ownerPage.getByRole('button', { name: 'Save SSO' }).click();
  await expect(ownerPage.getByText(ssoMessages.domainNotYours)).toBeVisible();
  await ownerPage.getByLabel('Email domains').fill(domain);
  await ownerPage.getByRole('button', { name: 'Save SSO' }).click();
  await expect(ownerPage.getByText(ssoMessages.saved)).toBeVisible();
  await screenshots(ownerPage, 'sso-settings');

  // A new person at the domain: "Sign in with SSO" on the login page.
  signingInAs = `nia@${domain}`;
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto(paths.login);
  await newcomer.getByRole('button', { name: 'Sign in with SSO' }).click();
  await screenshots(newcomer, 'sso-login', () =>
    newcomer.getByRole('button', { name: 'Sign in with SSO' }).click(),
  );
  await newcomer.getByLabel('Work email').fill(signingInAs);
  await newcomer.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(newcomer).toHaveURL(/\/dashboard$/);
  const me = await (await newcomer.request.get('/api/me')).json();
  expect(me).toMatchObject({
    email: signingInAs,
    firstName: 'Nia',
    workspace: { name: 'Orbit Ltd', role: 'member' },
  });
  // A Member sees the provider but cannot change it.
  await newcomer.goto(paths.settingsTab('sso'));
  await expect(newcomer.getByText(domain, { exact: true })).toBeVisible();
  await expect(newcomer.getByRole('button', { name: 'Save SSO' })).toHaveCount(0);
  // They have no password: no code step to set up and no password to change, and they are told why.
  await newcomer.goto(paths.settingsTab('security'));
  await expect(
    newcomer.getByText(/signs in through your workspace’s single sign-on and has no password/),
  ).toBeVisible();
  await expect(newcomer.getByRole('button', { name: 'Set Up Two-Factor' })).toHaveCount(0);
  await expect(newcomer.getByText(messages.auth.noPasswordToChange)).toBeVisible();
  await expect(newcomer.getByLabel('Current password')).toHaveCount(0);
  await screenshots(newcomer, 'sso-member-security');

  // A domain no workspace signs in is told so on the form.
  const unknownDomain = await (await browser.newContext()).newPage();
  await unknownDomain.goto(paths.login);
  await unknownDomain.getByRole('button', { name: 'Sign in with SSO' }).click();
  await unknownDomain.getByLabel('Work email').fill('someone@not-configured.test');
  await unknownDomain.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(unknownDomain.getByText(ssoMessages.noProvider)).toBeVisible();

  // Sessions: the owner signs in a second time elsewhere, sees both, and ends the other one.
  const elsewhere = await (
    await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    })
  ).newPage();
  await elsewhere.goto(paths.login);
  await elsewhere.getByLabel('Email').fill(owner.email);
  await elsewhere.getByLabel('Password').fill(owner.password);
  await elsewhere.getByRole('button', { name: 'Log in' }).click();
  await expect(elsewhere).toHaveURL(/\/dashboard$/);
  await ownerPage.goto(paths.settingsTab('security'));
  const phone = ownerPage.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
  await expect(phone).toContainText('Phone · 127.0.0.1');
  await screenshots(ownerPage, 'sessions', () => ownerPage.getByText('Safari on iOS').waitFor());
  await phone.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(ownerPage.getByText('Safari on iOS')).toHaveCount(0);
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login/);
});
