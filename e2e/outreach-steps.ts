import { expect, type Page } from '@playwright/test';
import { outreachMessages } from '../src/shared/schemas/outreach';
import { settingsMessages } from '../src/shared/schemas/settings';
import type { MailUser } from '../src/server/testing/mail-servers';

/**
 * Steps the outreach specs share, done through the screens as a user would: the sending window,
 * connecting a local SMTP/IMAP mailbox, a sequence from a template, a campaign's outreach settings.
 */

/** Settings → Sending: the postal address, and a window open every day at every hour, so steps go out at once. */
export async function openSendingWindowAlways(page: Page, postalAddress: string): Promise<void> {
  await page.goto('/dashboard/settings');
  const sending = page.getByRole('form', { name: 'Sending settings' });
  await sending.getByLabel('Postal address').fill(postalAddress);
  await sending.getByLabel('Time zone').fill('Europe/London');
  for (const day of ['Sat', 'Sun']) await sending.getByLabel(day).check();
  await sending.getByLabel('From').click();
  await page.getByRole('option', { name: '00:00' }).click();
  await sending.getByLabel('Until').click();
  await page.getByRole('option', { name: '24:00' }).click();
  await sending.getByRole('button', { name: 'Save Sending Settings' }).click();
  await expect(page.getByText(settingsMessages.sendingUpdated)).toBeVisible();
}

/** Email Accounts → Connect Account with a local plain-text SMTP + IMAP server pair. */
export async function connectLocalMailbox(
  page: Page,
  mailUser: MailUser,
  ports: { smtp: number; imap: number },
): Promise<void> {
  await page.goto('/dashboard/emails');
  await page.getByRole('button', { name: 'Connect Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Email Account' });
  await dialog.getByLabel('Email').fill(mailUser.user);
  await dialog.getByLabel('User Name').fill(mailUser.user);
  await dialog.getByLabel('Password').fill(mailUser.pass);
  await dialog.getByLabel('SMTP Host').fill('127.0.0.1');
  await dialog.getByLabel('SMTP Port').fill(String(ports.smtp));
  await dialog.getByLabel('IMAP Host').fill('127.0.0.1');
  await dialog.getByLabel('IMAP Port').fill(String(ports.imap));
  for (const name of ['SMTP Security', 'IMAP Security']) {
    await dialog.getByLabel(name).click();
    await page.getByRole('option', { name: 'None' }).click();
  }
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
}

/** In the open Outreach Settings dialog: the mailbox and the 'Guest post pitch' sequence, saved. */
export async function saveOutreachSettings(page: Page, mailbox: string): Promise<void> {
  const settings = page.getByRole('dialog', { name: 'Outreach Settings' });
  await settings.getByLabel(mailbox).check();
  await settings.getByLabel('Email sequence').click();
  await page.getByRole('option', { name: /Guest post pitch/ }).click();
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(outreachMessages.settingsSaved)).toBeVisible();
  await expect(settings).toBeHidden();
}

/** Email Sequences → New Sequence from the 'Guest post pitch' template, saved as it is. */
export async function sequenceFromTemplate(page: Page): Promise<void> {
  await page.goto('/dashboard/sequences');
  await page.getByRole('button', { name: 'New Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Sequence' });
  await dialog.getByRole('button', { name: /Guest post pitch/ }).click();
  await dialog.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(dialog).toBeHidden();
}

/** On the open campaign page: Send Emails, confirmed with the dialog's `button` ('Send to 2 prospects'…), until it closes. */
export async function confirmSendEmails(page: Page, button: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Send Emails' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Emails' });
  await confirm.getByRole('button', { name: button }).click();
  await expect(confirm).toBeHidden();
}
