import { expect, test, type Page } from '@playwright/test';
import { twoFactorMessages } from '../src/shared/schemas/two-factor';
import { totpCode, unusedTotpCode } from '../src/server/testing/totp';
import { logIn, newUser, signUp } from './support';

/**
 * Two-factor sign-in and passkeys end to end (docs/decisions/031-two-factor-and-passkeys.md):
 * a new account turns on TOTP from Settings → Security (codes computed from the shared secret, as an
 * authenticator app would), signs out and in with a code, spends a backup code once, then registers
 * a passkey on Chromium's virtual authenticator and signs in with it alone.
 */
test.describe.configure({ mode: 'serial' });

async function signOut(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password step of signing in, which ends at the code step for an account with 2FA. */
async function passwordStep(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('TOTP with backup codes, then a passkey on a virtual authenticator', async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = newUser();
  await signUp(page, user);

  await page.goto('/dashboard/settings?tab=security');
  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const manualKey = (await page.getByTestId('manual-key').textContent())!.trim();
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText(twoFactorMessages.codeInvalid)).toBeVisible();
  await page.getByLabel('Code from the app').fill(await totpCode(manualKey));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I’ve saved my codes' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off' })).toBeVisible();

  // Signing in now asks for the code after the password; each code signs in once.
  const used = new Set<string>();
  await signOut(page);
  await passwordStep(page, user.email, user.password);
  await enterCode(page, await unusedTotpCode(manualKey, used));
  await expect(page).toHaveURL(/\/dashboard$/);

  // A backup code works once.
  await signOut(page);
  await passwordStep(page, user.email, user.password);
  await enterCode(page, backupCode);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await passwordStep(page, user.email, user.password);
  await enterCode(page, backupCode);
  await expect(page.getByText(twoFactorMessages.codeInvalid)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await enterCode(page, await unusedTotpCode(manualKey, used));
  await expect(page).toHaveURL(/\/dashboard$/);

  // A passkey, on Chromium's virtual authenticator (a platform authenticator that verifies its user).
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto('/dashboard/settings?tab=security');
  await page.getByLabel('Name (optional)').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Test laptop')).toBeVisible();

  // Password-less: the passkey alone signs in.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar').getByText(user.email)).toBeVisible();

  // As the second factor: after the password, the passkey stands in for the code.
  await signOut(page);
  await passwordStep(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
