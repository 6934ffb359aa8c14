import { lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { ChevronDown, Menu, X, Feather } from "lucide-react";
import { displayName, signOut, useAuth } from "@/lib/auth";
import { installClickTracking } from "@/lib/track-click";
import { WhenHydrated } from "@/lib/hydration";
import { useToastState } from "@/lib/toast";
import { cn } from "@/lib/cn";
import { InstallButton } from "@/components/install-prompt";
import { SignInWithInfoButton } from "@/components/sign-in-button";
import { farmPermissions, useCurrentFarm } from "@/lib/farms";
import { NAV_ITEMS as ALL_NAV_ITEMS } from "./nav";
import { ConnectionBanners } from "./banners";
import { useNavigationPending } from "./navigation";
import { PageSkeleton } from "@/components/ui/skeleton";

// Radix Toast loads with the first toast, keeping it out of the first paint.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

// The farm in use shows only when signed in, after the farms load: its code (and the farms API's
// mutations) loads then too, outside every page's first-paint JavaScript.
const FarmSwitcher = lazy(() =>
  import("@/features/farms/components/farm-switcher").then((m) => ({ default: m.FarmSwitcher })),
);

// The keeper's changes not sent yet (and the outbox's IndexedDB code) load once someone is signed in.
const PendingChanges = lazy(() =>
  import("@/components/pending-changes").then((m) => ({ default: m.PendingChanges })),
);

function SignedInPendingChanges() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <PendingChanges userId={user.id} />
    </Suspense>
  );
}

function LazyToaster() {
  const item = useToastState();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (item) setWanted(true);
  }, [item]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

const SOCIAL_URL = "https://www.facebook.com/";

const PUBLIC_NAV_ITEMS = ALL_NAV_ITEMS.filter((i) => !i.money);

/**
 * The menu's items for who is looking: money only for a signed-in owner or keeper. One of two
 * constant lists, so the links below re-render only when the list changes, not each time the
 * signed-in state loads (which, right after a page hydrates, is a synchronous render).
 */
function useNavItems() {
  const { user } = useAuth();
  const { role, userId, isLoading } = useCurrentFarm();
  const money = Boolean(user) && !isLoading && farmPermissions(role, userId).seeMoney;
  return money ? ALL_NAV_ITEMS : PUBLIC_NAV_ITEMS;
}

type NavItem = (typeof ALL_NAV_ITEMS)[number];

/** The links of a menu; memo: the same list renders nothing again. */
const NavLinks = memo(function NavLinks({ items }: { items: NavItem[] }) {
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === "/"} className={linkClass}>
      {item.label}
    </NavLink>
  ));
});

/** Per list, its desktop-bar and mobile lists, filtered once (two lists, two entries at most). */
const filtered = new Map<NavItem[], { primary: NavItem[]; mobile: NavItem[] }>();
function navLists(items: NavItem[]) {
  let lists = filtered.get(items);
  if (!lists) {
    lists = {
      primary: items.filter((i) => i.place === "primary"),
      mobile: items.filter((i) => i.mobile),
    };
    filtered.set(items, lists);
  }
  return lists;
}

function AuthControls({ compact = false }: { compact?: boolean }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <span className="h-9 w-20" aria-hidden />;
  if (!user) {
    return (
      <SignInWithInfoButton className="h-11 shrink-0 rounded-lg bg-amber-700 px-4 text-sm font-semibold whitespace-nowrap text-white hover:bg-amber-800 focus-visible:outline-3 focus-visible:outline-blue-700" />
    );
  }
  const name = displayName(user);
  return (
    <div className={cn("flex min-w-0 items-center gap-2", compact && "flex-wrap")}>
      <Suspense fallback={null}>
        <FarmSwitcher compact={compact} />
      </Suspense>
      {/* A long name is cut with an ellipsis; the full name stays in the title and the link's name. */}
      <Link
        to="/account"
        title={name}
        className={cn(
          "min-w-0 truncate text-sm font-semibold text-stone-900 underline-offset-2 hover:underline",
          compact ? "max-w-full py-2" : "max-w-[9rem]",
        )}
        data-testid="user-name"
      >
        {name}
      </Link>
      <button
        type="button"
        onClick={() => void signOut(user.id)}
        className="h-11 shrink-0 rounded-lg border border-stone-300 px-3 text-sm font-semibold whitespace-nowrap text-stone-800 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
      >
        Log out
      </button>
    </div>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center rounded-md px-2 text-sm font-medium whitespace-nowrap hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-blue-700",
    isActive ? "text-amber-900 underline decoration-2 underline-offset-4" : "text-stone-800",
  );

/**
 * The desktop bar's "More" menu: a disclosure (button + list of links), the pattern for site
 * navigation; it closes on Escape (focus back on the button), on a click outside, when focus
 * leaves it and on navigation.
 */
function MoreMenu() {
  const NAV_ITEMS = useNavItems();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const more = NAV_ITEMS.filter((i) => i.place === "more");
  const activeInside = more.some((i) =>
    i.to === "/" ? location.pathname === "/" : location.pathname.startsWith(i.to),
  );
  return (
    <div
      ref={ref}
      className="relative"
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="more-menu"
        onClick={() => setOpen((o) => !o)}
        className={cn(
          "flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium whitespace-nowrap hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-blue-700",
          activeInside
            ? "text-amber-900 underline decoration-2 underline-offset-4"
            : "text-stone-800",
        )}
      >
        More <ChevronDown aria-hidden size={16} className={cn(open && "rotate-180")} />
      </button>
      {open && (
        <ul
          id="more-menu"
          className="absolute right-0 z-40 mt-1 w-56 rounded-lg border border-amber-200 bg-white p-1 shadow-lg"
        >
          {more.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <a
              href={SOCIAL_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass({ isActive: false })}
              data-track="Facebook"
              data-track-type="social"
            >
              Facebook <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}

function Header() {
  const NAV_ITEMS = useNavItems();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <header className="sticky top-0 z-30 border-b border-amber-200 bg-amber-50/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-lg font-extrabold text-amber-900"
          aria-label="FlockKeeper home"
        >
          <Feather aria-hidden className="text-amber-700" /> FlockKeeper
        </Link>
        {/* The desktop bar from 1280 px: the primary tools, then "More"; below that, the menu button. */}
        <nav
          aria-label="Main"
          className="hidden min-w-0 flex-1 items-center justify-center gap-0.5 xl:flex"
        >
          <NavLinks items={navLists(NAV_ITEMS).primary} />
          <MoreMenu />
        </nav>
        <div className="hidden min-w-0 items-center gap-2 xl:flex">
          <AuthControls />
        </div>
        <button
          type="button"
          className="flex size-11 shrink-0 items-center justify-center rounded-md text-stone-900 focus-visible:outline-3 focus-visible:outline-blue-700 xl:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden /> : <Menu aria-hidden />}
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-amber-200 bg-amber-50 px-4 pb-4 xl:hidden">
          <nav aria-label="Mobile" className="grid grid-cols-1 py-2 sm:grid-cols-2">
            <NavLinks items={navLists(NAV_ITEMS).mobile} />
            <a
              href={SOCIAL_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass({ isActive: false })}
            >
              Follow us on Facebook
            </a>
          </nav>
          <AuthControls compact />
        </div>
      )}
    </header>
  );
}

function Footer() {
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-50 text-sm text-stone-700">
      <div className="mx-auto max-w-7xl space-y-3 px-4 py-6">
        <p role="note" className="rounded-lg bg-amber-100 p-3 text-amber-950">
          <strong>Educational information only.</strong> FlockKeeper is not a substitute for a
          veterinarian and accepts no liability for decisions made from it. If a bird is seriously
          ill or injured, contact a vet.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to="/legal" className="underline">
            Legal &amp; privacy
          </Link>
          <Link to="/chicken-care-guide" className="underline">
            Care guide
          </Link>
          <Link to="/competitors" className="underline">
            Compare
          </Link>
          <Link to="/features" className="underline">
            Features
          </Link>
          <Link to="/blog" className="underline">
            Blog
          </Link>
          <InstallButton />
        </nav>
        <p>
          {/* The year comes from the visitor's clock, after hydration (the HTML may be from last
              year); only this text re-renders then. */}
          ©{" "}
          <WhenHydrated>{(hydrated) => (hydrated ? new Date().getFullYear() : null)}</WhenHydrated>{" "}
          FlockKeeper
        </p>
      </div>
    </footer>
  );
}

function RouteProgress() {
  const pending = useNavigationPending();
  if (!pending) return null;
  return (
    <div
      className="fixed top-0 left-0 z-50 h-1 w-full animate-pulse bg-amber-600"
      role="progressbar"
      aria-label="Loading page"
    />
  );
}

/** The frame around every page: header, banners, content, footer and toasts. */
export function Layout() {
  useEffect(() => installClickTracking(), []);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <RouteProgress />
      <Header />
      <ConnectionBanners />
      <SignedInPendingChanges />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Its own boundary: hydrated in a later, short pass (see routes/home.tsx). */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <LazyToaster />
    </div>
  );
}
