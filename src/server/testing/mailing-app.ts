import { closingAlso, createTestApp, type TestApp } from './app';
import { APP_SMTP_USER, appSmtpSettings, startSmtpServer, type LocalSmtpServer } from './mail-servers';

/** The app sending its own mail (verification links, invitations) to a new local SMTP server; `t.close` stops both. */
export async function createMailingTestApp(
  overrides: Record<string, string> = {},
): Promise<{ t: TestApp; smtp: LocalSmtpServer }> {
  const smtp = await startSmtpServer([APP_SMTP_USER]);
  const t = await createTestApp({ ...appSmtpSettings(smtp), ...overrides });
  return { t: closingAlso(t, () => smtp.close()), smtp };
}
