import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { SPECIES_LABELS } from "@flockkeeper/shared/domain/species-labels";
import { cn } from "@/lib/cn";

/** Our own drawing of each species (apps/web/public/species/*.svg, about 1 KB each). */
export const SPECIES_ART: Record<PoultrySpecies, string> = {
  chicken: "/species/chicken.svg",
  duck: "/species/duck.svg",
  goose: "/species/goose.svg",
  turkey: "/species/turkey.svg",
  guinea_fowl: "/species/guinea-fowl.svg",
  quail: "/species/quail.svg",
};

/**
 * A species illustration. Static files with a width and height, not inline SVG, so they cost no
 * JavaScript, are cached once and never shift the layout. Decorative by default (the species name
 * is nearly always written beside it); pass `labelled` when the picture stands alone.
 */
export function SpeciesArt({
  species,
  size = 48,
  labelled = false,
  className,
}: {
  species: PoultrySpecies;
  size?: number;
  labelled?: boolean;
  className?: string;
}) {
  return (
    <img
      src={SPECIES_ART[species]}
      width={size}
      height={size}
      alt={labelled ? SPECIES_LABELS[species] : ""}
      loading="lazy"
      decoding="async"
      className={cn("shrink-0 select-none", className)}
    />
  );
}
