import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { Logo } from '../logo';

interface FooterLink {
  label: string;
  to: string;
  /** Not a page yet: rendered as a plain '#' anchor. */
  placeholder?: boolean;
}

const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '#', placeholder: true },
      { label: 'Help Center', to: '#', placeholder: true },
      { label: 'Guides', to: '#', placeholder: true },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', to: paths.terms },
      { label: 'Privacy', to: paths.privacy },
      { label: 'Cookies', to: paths.cookies },
    ],
  },
];

const linkClass =
  'rounded text-sm text-slate-600 transition-colors hover:text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:text-white';

/** The public site's footer (docs/product.md#public-pages): company, resource and legal links plus the copyright line. */
export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            AI-assisted link building: find opportunities, run outreach and track the links you win.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.placeholder ? (
                      <a href={link.to} className={linkClass}>
                        {link.label}
                      </a>
                    ) : (
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-500 sm:px-6 lg:px-8 dark:text-slate-400">
          © {new Date().getFullYear()} LinkPilot. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
