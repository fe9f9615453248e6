import { expect, test } from '@playwright/test';
import { mailboxMessages as m } from '../src/shared/schemas/mailboxes';
import { newUser, signUp } from './support';
import { localMailServers } from './mail-servers';

const mailUser = { user: 'ada@mail.test', pass: 'correct horse' };
const mail = localMailServers([mailUser]);

test('connect a mailbox over SMTP/IMAP after a refused password, change its sending settings, then disconnect it', async ({
  page,
}) => {
  await signUp(page, newUser());
  await page.goto('/dashboard/emails');
  await expect(page.getByText('No email accounts yet')).toBeVisible();
  await page.getByRole('button', { name: 'Connect Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Email Account' });
  await dialog.getByLabel('Email').fill(mailUser.user);
  await dialog.getByLabel('User Name').fill(mailUser.user);
  await dialog.getByLabel('Password').fill('wrong');
  await dialog.getByLabel('SMTP Host').fill('127.0.0.1');
  await dialog.getByLabel('SMTP Port').fill(String(mail.smtp.port));
  await dialog.getByLabel('IMAP Host').fill('127.0.0.1');
  await dialog.getByLabel('IMAP Port').fill(String(mail.imap.port));
  for (const name of ['SMTP Security', 'IMAP Security']) {
    await dialog.getByLabel(name).click();
    await page.getByRole('option', { name: 'None' }).click();
  }
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog.getByText(m.smtpLoginRefused)).toBeVisible();

  await dialog.getByLabel('Password').fill(mailUser.pass);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(mailUser.user)).toBeVisible();
  // A new mailbox warms up: 10 a day at first (MAILBOX_RAMP_START), not its daily limit of 30.
  await expect(page.getByRole('progressbar', { name: 'Sent today: 0 of 10' })).toBeVisible();
  await expect(page.getByText(/2–6 min between emails/)).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Mailbox Settings' });
  await settings.getByLabel('Daily Limit').fill('8');
  await settings.getByLabel('Shortest pause (minutes)').fill('1');
  await settings.getByLabel('Longest pause (minutes)').fill('3');
  await settings.getByLabel('New Password (optional)').fill('wrong');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText(m.smtpLoginRefused)).toBeVisible();
  await settings.getByLabel('New Password (optional)').fill(mailUser.pass);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('progressbar', { name: 'Sent today: 0 of 8' })).toBeVisible();
  await expect(page.getByText(/1–3 min between emails/)).toBeVisible();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('No email accounts yet')).toBeVisible();
});
