/** Header navigation. `mobile: false` items are left out of the shorter mobile menu (spec). */
export const NAV_ITEMS: { to: string; label: string; mobile: boolean }[] = [
  { to: "/", label: "Home", mobile: true },
  { to: "/chicken-tracker", label: "Flock Manager", mobile: true },
  { to: "/chicken-identifier", label: "Breed ID", mobile: true },
  { to: "/food-safety", label: "Can My Flock Eat This?", mobile: true },
  { to: "/health-diagnostic", label: "Health Check", mobile: true },
  { to: "/production-dashboard", label: "Production Hub", mobile: true },
  { to: "/advanced-tools", label: "Pro Tools", mobile: false },
  { to: "/rarity-explorer", label: "Rarity", mobile: false },
  { to: "/educational-resources", label: "Learn", mobile: true },
  { to: "/features", label: "Features", mobile: false },
  { to: "/blog", label: "Blog", mobile: false },
  { to: "/admin", label: "Admin", mobile: true },
];
