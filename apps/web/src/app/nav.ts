/**
 * Header navigation.
 * - `place: "primary"` items sit in the desktop bar; `"more"` items in its "More" menu, so the bar
 *   fits at 1280 px with a long name signed in (16 controls in one row did not).
 * - `mobile: false` items are left out of the shorter mobile menu (spec).
 * - `money: true` items show only to a signed-in owner or keeper (helpers do not see money).
 */
export const NAV_ITEMS: {
  to: string;
  label: string;
  mobile: boolean;
  place: "primary" | "more";
  money?: boolean;
}[] = [
  { to: "/", label: "Home", mobile: true, place: "more" },
  { to: "/today", label: "Today", mobile: true, place: "more" },
  { to: "/chicken-tracker", label: "Flock Manager", mobile: true, place: "primary" },
  { to: "/chicken-identifier", label: "Breed ID", mobile: true, place: "primary" },
  { to: "/food-safety", label: "Can My Flock Eat This?", mobile: true, place: "primary" },
  { to: "/health-diagnostic", label: "Health Check", mobile: true, place: "primary" },
  { to: "/production-dashboard", label: "Production Hub", mobile: true, place: "primary" },
  { to: "/educational-resources", label: "Learn", mobile: true, place: "primary" },
  { to: "/money", label: "Money", mobile: true, place: "more", money: true },
  { to: "/advanced-tools", label: "Pro Tools", mobile: false, place: "more" },
  { to: "/rarity-explorer", label: "Rarity", mobile: false, place: "more" },
  { to: "/features", label: "Features", mobile: false, place: "more" },
  { to: "/blog", label: "Blog", mobile: false, place: "more" },
  { to: "/admin", label: "Admin", mobile: true, place: "more" },
];
