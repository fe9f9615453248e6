import { company } from '#shared/company';
import { THEME_STORAGE_KEY } from '#shared/limits';
import { LegalSection, MailLink } from './legal-page';

const stored = [
  {
    name: 'better-auth.session_token (__Secure- prefixed over HTTPS)',
    kind: 'Cookie (HttpOnly, SameSite=Lax; Secure over HTTPS)',
    purpose: 'Keeps you signed in to the app. Set only when you log in or sign up.',
    lifetime: 'Until you log out, or 7 days without use',
  },
  {
    name: THEME_STORAGE_KEY,
    kind: 'Local storage (stays in your browser, never sent to us)',
    purpose: 'Remembers whether you chose the dark or the light theme.',
    lifetime: 'Until you clear your browser’s site data',
  },
];

const columns = ['Name', 'Type', 'Purpose', 'Lifetime'];

/** The Cookie Policy: the session cookie and the theme preference, and nothing else. */
export function CookiesContent() {
  return (
    <>
      <LegalSection title="What we store in your browser">
        <p>
          LinkPilot uses no advertising, analytics or third-party cookies. We store exactly two things, both
          strictly necessary or set by your own choice, so no consent banner is needed:
        </p>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Cookies and storage used by LinkPilot</caption>
            <thead className="border-b border-slate-300 text-slate-900 dark:border-slate-700 dark:text-white">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {stored.map((item) => (
                <tr key={item.name} className="align-top">
                  <th scope="row" className="py-3 pr-4 font-mono text-xs font-normal">
                    {item.name}
                  </th>
                  <td className="py-3 pr-4">{item.kind}</td>
                  <td className="py-3 pr-4">{item.purpose}</td>
                  <td className="py-3">{item.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LegalSection>
      <LegalSection title="Visitors who do not sign in">
        <p>
          Reading our website, pricing and blog sets no cookie at all. Only the theme preference is kept, in
          local storage, if you use the theme switch.
        </p>
      </LegalSection>
      <LegalSection title="Emails sent through LinkPilot">
        <p>
          When a user turns on open and click tracking for their outreach, the emails they send contain a
          small image and links that pass through LinkPilot so the sender sees opens and clicks. These do not
          set cookies.
        </p>
      </LegalSection>
      <LegalSection title="Managing them">
        <p>
          You can delete the session cookie and local storage in your browser settings at any time. Deleting
          the session cookie signs you out; deleting the theme entry brings back the default dark theme.
          Blocking the session cookie prevents signing in.
        </p>
        <p>
          Questions: <MailLink address={company.privacyEmail} />.
        </p>
      </LegalSection>
    </>
  );
}
