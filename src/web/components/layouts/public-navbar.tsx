import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { limits } from '../../../shared/limits';
import { paths } from '../../../shared/paths';
import { cn } from '../../lib/cn';
import { useScrolledPast } from '../../lib/use-scrolled-past';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { Button } from '../ui/button';
import { publicNavLinks } from './public-nav-links';

const mobileMenuId = 'public-mobile-menu';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:text-white';

/**
 * The public site's navigation bar (docs/product.md#public-pages): transparent at the top of the page, opaque once it has
 * scrolled past the threshold; below md the links fold into a menu that closes when one is followed.
 * An island of the server-rendered pages, so its links are plain anchors: each page is a document load.
 */
export function PublicNavbar() {
  const scrolled = useScrolledPast(limits.navScrollThresholdPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const opaque = scrolled || menuOpen;

  return (
    <header
      data-scrolled={scrolled}
      onKeyDown={(event) => event.key === 'Escape' && closeMenu()}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200',
        opaque
          ? 'border-slate-200 bg-white/95 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-950/95'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Logo onClick={closeMenu} />
        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-1 md:flex">
          {publicNavLinks.map((link) => (
            <a key={link.to} href={link.to} className={linkClass}>
              {link.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <ThemeToggle />
          <Button asChild variant="ghost" className="hidden md:inline-flex">
            <a href={paths.login}>Log in</a>
          </Button>
          <Button asChild className="hidden md:inline-flex">
            <a href={paths.signup}>Sign up free</a>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id={mobileMenuId}
          aria-label="Mobile"
          className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col">
            {publicNavLinks.map((link) => (
              <li key={link.to}>
                <a href={link.to} onClick={closeMenu} className={cn(linkClass, 'block py-3 text-base')}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <Button asChild variant="outline">
              <a href={paths.login} onClick={closeMenu}>
                Log in
              </a>
            </Button>
            <Button asChild>
              <a href={paths.signup} onClick={closeMenu}>
                Sign up free
              </a>
            </Button>
          </div>
        </nav>
      )}
    </header>
  );
}
