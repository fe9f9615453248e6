import { company } from '#shared/company';
import { LegalSection, MailLink } from './legal-page';

/** The Terms of Service of LinkPilot. */
export function TermsContent() {
  return (
    <>
      <LegalSection title="1. Who we are and what these terms cover">
        <p>
          LinkPilot is provided by {company.legalName} ({company.office.street}, {company.office.city},{' '}
          {company.office.country}) — “we”, “us”. These terms govern your use of the LinkPilot website and the
          LinkPilot application: campaigns, prospect discovery, outreach email sequences, live-link tracking
          and the AI guest-post generator (together, the “service”). By creating an account you agree to them
          on behalf of yourself or the organisation you represent.
        </p>
      </LegalSection>
      <LegalSection title="2. Your account">
        <p>
          You need an account to use the service. Give accurate details (name, company, email address), keep
          your password secret and tell us at once at <MailLink address={company.email} /> if you suspect
          someone else has used your account. You are responsible for what happens under your account,
          including the actions of team members you invite.
        </p>
        <p>You must be at least 18 years old and able to enter into a binding contract.</p>
      </LegalSection>
      <LegalSection title="3. Free trial, plans and payment">
        <p>
          New accounts start with a 7-day free trial; no credit card is required. After the trial you may
          choose a paid plan. Prices are shown on our pricing page in US dollars and exclude taxes. Monthly
          plans are billed monthly in advance; annual plans are billed yearly in advance at 20% off the
          monthly price. Enterprise plans require an annual commitment and are governed by an order form.
        </p>
        <p>
          You may cancel at any time; your plan then runs to the end of the period already paid and is not
          renewed. Except where the law requires otherwise, payments are not refundable.
        </p>
      </LegalSection>
      <LegalSection title="4. Acceptable use and outreach rules">
        <p>
          LinkPilot sends email from mailboxes you connect, in your name. You are the sender of every message
          and you must comply with the laws that apply to it, including anti-spam laws such as the Australian
          Spam Act 2003, the US CAN-SPAM Act and the EU and UK GDPR and ePrivacy rules. In particular you
          agree:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            to contact only business addresses of people who may reasonably be interested in your proposal;
          </li>
          <li>
            to identify yourself truthfully and honour every request to stop contacting someone at once;
          </li>
          <li>not to send deceptive, harassing, unlawful or malicious content, or malware;</li>
          <li>
            not to buy or sell links in breach of search engines’ guidelines on your behalf through the
            service without disclosing it;
          </li>
          <li>
            not to probe, overload or attack the service, or to use it to crawl sites in breach of their
            robots.txt rules;
          </li>
          <li>not to resell the service or give others access to it outside your plan’s user limit.</li>
        </ul>
        <p>We may suspend sending or the account if we see abuse, and will tell you why.</p>
      </LegalSection>
      <LegalSection title="5. Your content and data">
        <p>
          You keep all rights in what you put into LinkPilot: campaigns, prospect lists you upload, email
          templates and sequences, and generated guest posts. You give us the permission we need to host,
          process and display it in order to run the service for you. For personal data in that content (such
          as prospects’ names and business emails) you are the controller and we process it on your
          instructions, as described in our Privacy Policy.
        </p>
        <p>
          Text produced by the AI guest-post generator is provided as a draft. Review it before publishing:
          you are responsible for what you publish.
        </p>
      </LegalSection>
      <LegalSection title="6. Third-party services">
        <p>
          When you connect a mailbox (for example Gmail, or any provider through SMTP and IMAP) LinkPilot acts
          on it only to send your outreach emails and to read replies and bounces to them. Your use of those
          services stays subject to their own terms.
        </p>
      </LegalSection>
      <LegalSection title="7. Availability and changes">
        <p>
          We work to keep LinkPilot available and secure but do not promise it will be uninterrupted or
          error-free. Discovered prospects, scores and metrics are estimates. We may improve or change
          features; if a change materially reduces what a paid plan includes we will tell you at least 30 days
          ahead.
        </p>
      </LegalSection>
      <LegalSection title="8. Liability">
        <p>
          Nothing in these terms excludes rights you have under the Australian Consumer Law or other laws that
          cannot be excluded. Otherwise, to the extent the law allows, the service is provided “as is”, we are
          not liable for indirect or consequential loss (including lost profits, rankings or data you could
          have exported), and our total liability in any 12 months is limited to the fees you paid us in that
          period.
        </p>
      </LegalSection>
      <LegalSection title="9. Ending the agreement and deleting your account">
        <p>
          You may stop using LinkPilot at any time. To have your account and its data deleted, write to{' '}
          <MailLink address={company.email} /> from the address of your account; we delete it within 30 days,
          as described in the Privacy Policy. We may end or suspend accounts that seriously or repeatedly
          break these terms.
        </p>
      </LegalSection>
      <LegalSection title="10. Changes to these terms and governing law">
        <p>
          We may update these terms; we will announce material changes by email or in the app at least 30 days
          before they apply. These terms are governed by the laws of New South Wales, Australia, and its
          courts have jurisdiction, without removing any protection the law of your country gives you as a
          consumer.
        </p>
        <p>
          Questions: <MailLink address={company.email} />.
        </p>
      </LegalSection>
    </>
  );
}
