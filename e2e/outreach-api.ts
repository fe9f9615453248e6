import { expect, type APIResponse, type Page } from '@playwright/test';
import { apiPaths, withId } from '../src/shared/paths';
import type { MailUser } from '../src/server/testing/mail-servers';

/** A prospect of the campaign made by `campaignReadyToSend`. */
export interface TestProspect {
  website: string;
  contactEmail: string;
  contactName: string;
}

/** The body of a successful API answer; fails the test with the answer's text otherwise. */
export async function okJson<T = { id: string }>(response: APIResponse): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<T>;
}

/**
 * Through the API, as the signed-in user of `page`: connects `mailUser`'s mailbox on the local SMTP
 * and Dovecot servers, opens the sending window all week round the clock (a journey must not depend
 * on when it runs), and makes a manual campaign of `prospects` with a one-step sequence
 * ("Idea for [Website]") on that mailbox, ready for Send Emails.
 * @returns the campaign's and the mailbox's ids.
 */
export async function campaignReadyToSend(
  page: Page,
  options: {
    mailUser: MailUser;
    ports: { smtp: number; imap: number };
    name: string;
    prospects: TestProspect[];
  },
): Promise<{ campaignId: string; mailboxId: string }> {
  const api = page.request;
  const { mailUser, ports } = options;
  const mailbox = await okJson(
    await api.post(apiPaths.emailAccounts, {
      data: {
        email: mailUser.user,
        username: mailUser.user,
        password: mailUser.pass,
        smtpHost: '127.0.0.1',
        smtpPort: ports.smtp,
        smtpSecurity: 'none',
        imapHost: '127.0.0.1',
        imapPort: ports.imap,
        imapSecurity: 'none',
      },
    }),
  );
  await okJson(
    await api.put(apiPaths.sendingSettings, {
      data: {
        postalAddress: '',
        timeZone: 'UTC',
        sendWindowDays: [1, 2, 3, 4, 5, 6, 7],
        sendWindowStartHour: 0,
        sendWindowEndHour: 24,
      },
    }),
  );
  const sequence = await okJson(
    await api.post(apiPaths.sequences, {
      data: {
        name: `${options.name} pitch`,
        steps: [
          { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: null },
        ],
      },
    }),
  );
  const campaign = await okJson(
    await api.post(apiPaths.campaigns, {
      data: {
        type: 'manual',
        name: options.name,
        websiteUrl: 'https://mysite.example',
        competitors: [],
        prospects: options.prospects,
      },
    }),
  );
  await okJson(
    await api.put(withId(apiPaths.campaignOutreach, campaign.id), {
      data: { emailAccountIds: [mailbox.id], sequenceId: sequence.id, trackOpens: false, trackClicks: false },
    }),
  );
  return { campaignId: campaign.id, mailboxId: mailbox.id };
}
