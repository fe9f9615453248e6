import { Link } from 'react-router';
import { company } from '#shared/company';
import { paths } from '#shared/paths';
import { LegalSection, MailLink } from './legal-page';

/** The Privacy Policy of LinkPilot: what it stores, why, for how long, and how to have it deleted. */
export function PrivacyContent() {
  return (
    <>
      <LegalSection title="1. Who is responsible">
        <p>
          {company.legalName}, {company.office.street}, {company.office.city}, {company.office.country}, is
          responsible for the personal data of visitors to this website and of LinkPilot account holders. For
          personal data about your prospects that you store in LinkPilot, you are the controller and we
          process it on your behalf. Contact us about privacy at <MailLink address={company.privacyEmail} />.
        </p>
      </LegalSection>
      <LegalSection title="2. What we store">
        <p>
          <strong>Your account.</strong> Your first and last name, company name, email address, a hash of your
          password (never the password itself), your role in the workspace, when the account was created, and
          your sign-in sessions with the IP address and browser they came from.
        </p>
        <p>
          <strong>Your campaigns.</strong> Campaign names, your website address, competitor sites, internal
          links, progress and result counters (emails sent, opened, clicked, replies, successes), email
          sequences and their steps, guest posts you generate, and the live links you record or we discover.
        </p>
        <p>
          <strong>Your prospects’ business contact data.</strong> For each prospect: the website, a contact
          email address and name found on public pages of that website or uploaded by you, your notes,
          outreach status, the dates you contacted them and domain-authority and relevance scores. We collect
          only business contact details that sites publish for contact purposes (such as contact, about and
          “write for us” pages).
        </p>
        <p>
          <strong>Your connected mailboxes.</strong> The mailbox address, server settings, status, daily limit
          and counters, and the credentials needed to send and read mail (passwords or OAuth tokens).
          Credentials are encrypted at rest with AES-256-GCM and are only decrypted on our servers to connect
          to your mailbox. We read only replies and bounces to the outreach messages LinkPilot sent.
        </p>
        <p>
          <strong>Messages you send us</strong> through the contact form: name, email, subject, message and
          the IP address it came from (to stop abuse).
        </p>
        <p>
          <strong>Technical data.</strong> Our servers log requests (IP address, time, page, browser) to keep
          the service secure; logs are kept for 30 days. We do not use advertising or third-party analytics
          trackers.
        </p>
      </LegalSection>
      <LegalSection title="3. Why we use it and on what basis">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            To provide the service you signed up for: running campaigns, sending and tracking your outreach
            (contract).
          </li>
          <li>
            To keep accounts and the service secure, including rate limits and abuse prevention (legitimate
            interests).
          </li>
          <li>
            To answer your messages and support requests (legitimate interests, or steps before a contract).
          </li>
          <li>To meet legal obligations such as tax and accounting records (legal obligation).</li>
        </ul>
        <p>We never sell personal data and never use your prospect lists for anyone else.</p>
      </LegalSection>
      <LegalSection title="4. Who we share it with">
        <p>
          Only with service providers who help us run LinkPilot — hosting and database providers, email
          infrastructure you connect, and, when you use AI features, the AI provider that generates text
          (which receives only the campaign details needed for the request) — under contracts that require
          them to protect it. We disclose data to authorities only when the law requires it. Where data leaves
          Australia, the EU or the UK we use appropriate safeguards such as standard contractual clauses.
        </p>
      </LegalSection>
      <LegalSection title="5. How long we keep it">
        <p>
          Account, campaign, prospect and mailbox data are kept while your account exists. Expired sign-in
          sessions are deleted automatically. Contact-form messages are kept for up to 24 months. When an
          account is deleted its data is erased from our live systems within 30 days and from backups within a
          further 35 days.
        </p>
      </LegalSection>
      <LegalSection title="6. Cookies and local storage">
        <p>
          We set one cookie: the session cookie that keeps you signed in. We also remember your dark or light
          theme choice in your browser’s local storage. Details are in our{' '}
          <Link
            to={paths.cookies}
            className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
          >
            Cookie Policy
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection title="7. Your rights and deleting your account">
        <p>
          You can see and correct your profile in the app’s Settings, and export your contacts to CSV at any
          time. You may also ask us for a copy of your data, its correction or deletion, or object to or
          restrict its use.
        </p>
        <p>
          <strong>To delete your account</strong>, write to <MailLink address={company.email} /> from the
          email address of the account (or tell us that address so we can verify it). We confirm and delete
          the account and everything stored for it — campaigns, prospects, sequences, mailboxes and their
          encrypted credentials — within 30 days.
        </p>
        <p>
          If you are a prospect who received outreach through LinkPilot, contact the sender first; you can
          also write to us and we will pass your request on and help. You may complain to a data-protection
          authority, in Australia the Office of the Australian Information Commissioner (OAIC).
        </p>
      </LegalSection>
      <LegalSection title="8. Security">
        <p>
          Connections use HTTPS; passwords are hashed with scrypt; mailbox credentials are encrypted; every
          query is scoped to your account; access to production systems is restricted and logged.
        </p>
      </LegalSection>
      <LegalSection title="9. Changes">
        <p>
          We will post any change to this policy here and tell account holders by email before material
          changes take effect.
        </p>
      </LegalSection>
    </>
  );
}
