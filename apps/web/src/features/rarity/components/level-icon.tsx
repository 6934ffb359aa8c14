import { Circle, Crown, Gem, Leaf, Sparkles, Star, type LucideIcon } from "lucide-react";
import { rarityLevelInfo } from "@flockkeeper/shared/domain/rarity-levels";
import type { RarityLevel } from "@flockkeeper/shared/schemas/breed";

// The shared rarity table names its icons; each is imported by name here.
const ICONS: Record<string, LucideIcon> = {
  circle: Circle,
  leaf: Leaf,
  gem: Gem,
  star: Star,
  crown: Crown,
  sparkles: Sparkles,
};

/** A rarity level's icon in its colour. */
export function LevelIcon({ level, className }: { level: RarityLevel; className?: string }) {
  const info = rarityLevelInfo(level);
  const Icon = ICONS[info.icon] ?? Circle;
  return <Icon className={className} style={{ color: info.colour }} aria-hidden="true" />;
}

/** A rarity level badge: icon, name, white text on the level's colour (AA contrast). */
export function LevelBadge({ level }: { level: RarityLevel }) {
  const info = rarityLevelInfo(level);
  const Icon = ICONS[info.icon] ?? Circle;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold text-on-fixed"
      style={{ backgroundColor: info.colour }}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {level}
    </span>
  );
}
