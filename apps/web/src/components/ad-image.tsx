import { useState } from "react";
import {
  HeartPulse,
  House,
  Megaphone,
  Tractor,
  Wheat,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import type { AdCategory } from "@flockkeeper/shared/schemas/advertisement";
import { cn } from "@/lib/cn";

/** The placeholder's icon and colours for each ad category (issue 25 item 7). */
const PLACEHOLDERS: Record<AdCategory, { icon: LucideIcon; tone: string }> = {
  feed: { icon: Wheat, tone: "bg-amber-100 text-amber-800" },
  equipment: { icon: Wrench, tone: "bg-sky-100 text-sky-800" },
  health: { icon: HeartPulse, tone: "bg-red-100 text-red-800" },
  housing: { icon: House, tone: "bg-green-100 text-green-800" },
  services: { icon: Tractor, tone: "bg-purple-100 text-purple-800" },
  other: { icon: Megaphone, tone: "bg-stone-100 text-stone-700" },
};

/**
 * An ad's picture or, when it has none or it fails to load, a designed placeholder: the icon and
 * colour of the ad's category (a neutral megaphone when the category is not known).
 */
export function AdImage({
  src,
  category,
  className,
}: {
  src: string | null;
  category?: AdCategory;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    const { icon: Icon, tone } = PLACEHOLDERS[category ?? "other"];
    return (
      <div
        className={cn("flex items-center justify-center", tone, className)}
        data-testid="ad-image-placeholder"
        data-category={category ?? "other"}
        aria-hidden
      >
        <Icon size={28} strokeWidth={1.75} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
      className={cn("bg-stone-100 object-cover", className)}
    />
  );
}
