import { useEffect, useState } from "react";
import {
  BADGE_DELAY_MS,
  rarityAnimationFrames,
  showsParticles,
} from "@flockkeeper/shared/domain/rarity";
import type { BreedRarity } from "@flockkeeper/shared/schemas/breed-id";

const PARTICLES = Array.from({ length: 12 }, (_, i) => i);

/** The rarity score counting up from 0 over 2 s in 50 steps, the level badge after 0.5 s, and particles above Common. */
export function RarityScore({ rarity }: { rarity: BreedRarity }) {
  const [value, setValue] = useState(0);
  const [badge, setBadge] = useState(false);
  useEffect(() => {
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const timers = reduce
      ? [window.setTimeout(() => setValue(rarity.score), 0)]
      : rarityAnimationFrames(rarity.score).map((f) =>
          window.setTimeout(() => setValue(f.value), f.atMs),
        );
    timers.push(window.setTimeout(() => setBadge(true), BADGE_DELAY_MS));
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      setValue(0);
      setBadge(false);
    };
  }, [rarity.score]);
  const particles = badge && showsParticles(rarity.level);
  return (
    <div
      className="relative overflow-hidden rounded-xl border border-stone-200 p-4 text-center"
      data-testid="rarity"
    >
      {particles && (
        <div aria-hidden className="pointer-events-none absolute inset-0">
          {PARTICLES.map((i) => (
            <span
              key={i}
              className="absolute h-2 w-2 animate-ping rounded-full motion-reduce:hidden"
              style={{
                left: `${(i * 37) % 100}%`,
                top: `${(i * 53) % 100}%`,
                backgroundColor: rarity.colour,
                animationDelay: `${(i % 4) * 150}ms`,
              }}
            />
          ))}
        </div>
      )}
      <p className="text-sm font-semibold text-stone-700">Rarity score</p>
      <p
        className="text-4xl font-extrabold dark:text-ink!"
        style={{ color: rarity.colour }}
        aria-live="off"
      >
        <span data-testid="rarity-score">{value}</span>
        <span className="text-lg text-stone-600">/100</span>
      </p>
      <span className="sr-only">
        Rarity score {rarity.score} out of 100, {rarity.level}
      </span>
      {badge && (
        <span
          className="mt-2 inline-block rounded-full px-3 py-1 text-sm font-bold text-on-fixed"
          style={{ backgroundColor: rarity.colour }}
        >
          {rarity.level}
        </span>
      )}
      <p className="mt-2 text-sm text-stone-700">{rarity.description}</p>
    </div>
  );
}
