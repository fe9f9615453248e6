import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { limits } from '#shared/limits';
import { paths } from '#shared/paths';
import { cn } from '#web/lib/cn';
import { useScrolledPast } from '#web/lib/use-scrolled-past';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { Button } from '../ui/button';
import { publicNavLinks } from './public-nav-links';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:text-white';

/**
 * The way into the app: "Go to dashboard" for a signed-in visitor, else Log in and Sign up free.
 * `inMenu`: the phone menu's full-width look instead of the bar's.
 */
function AccountLinks({
  signedIn,
  inMenu,
  onFollow,
}: {
  signedIn: boolean;
  inMenu: boolean;
  onFollow?: () => void;
}) {
  if (signedIn)
    return (
      <Button asChild className={inMenu ? 'col-span-2' : 'hidden md:inline-flex'}>
        <a href={paths.dashboard} onClick={onFollow}>
          Go to dashboard
        </a>
      </Button>
    );
  return (
    <>
      <Button
        asChild
        variant={inMenu ? 'outline' : 'ghost'}
        className={inMenu ? '' : 'hidden md:inline-flex'}
      >
        <a href={paths.login} onClick={onFollow}>
          Log in
        </a>
      </Button>
      <Button asChild className={inMenu ? '' : 'hidden md:inline-flex'}>
        <a href={paths.signup} onClick={onFollow}>
          Sign up free
        </a>
      </Button>
    </>
  );
}

/**
 * The public site's navigation bar (docs/product.md#public-pages): transparent at the top of the page, opaque once it has
 * scrolled past the threshold; below md the links fold into a menu. `signedIn` (the server's session
 * check) swaps Log in / Sign up free for the dashboard.
 * An island of the server-rendered pages, so its links are plain anchors: each page is a document load.
 * The menu is a `<details>` element, so it opens before this script has loaded (or without it);
 * once hydrated it also closes on Escape and when a link inside is followed.
 */
export function PublicNavbar({ signedIn = false }: { signedIn?: boolean }) {
  const scrolled = useScrolledPast(limits.navScrollThresholdPx);
  const menu = useRef<HTMLDetailsElement>(null);
  // Mirrors the element's `open`, which the browser toggles itself.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  // A menu opened before hydration stays open: the header takes its look.
  useEffect(() => setMenuOpen(menu.current?.open ?? false), []);
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
          <AccountLinks signedIn={signedIn} inMenu={false} />
          <details
            ref={menu}
            className="group md:hidden"
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          >
            {/* The browser tells assistive technology whether the menu is expanded. */}
            <Button
              asChild
              variant="ghost"
              size="icon"
              className="list-none [&::-webkit-details-marker]:hidden"
            >
              <summary aria-label="Menu">
                <Menu aria-hidden className="size-5 group-open:hidden" />
                <X aria-hidden className="hidden size-5 group-open:block" />
              </summary>
            </Button>
            {/* Below the whole bar: the header is sticky, so it positions the panel. */}
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-full border-y border-slate-200 bg-white px-4 pt-2 pb-4 shadow-sm dark:border-slate-800 dark:bg-slate-950"
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
                <AccountLinks signedIn={signedIn} inMenu onFollow={closeMenu} />
              </div>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
