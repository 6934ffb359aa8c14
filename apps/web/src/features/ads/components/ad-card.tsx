import { ExternalLink } from "lucide-react";
import type { PublicAdvertisement } from "@flockkeeper/shared/schemas/advertisement";
import { isHttpUrl } from "@flockkeeper/shared/domain/links";
import { AdImage } from "@/components/ad-image";
import { cn } from "@/lib/cn";

/** One advertisement; every text is rendered as text, and only http(s) links are followed. */
export function AdCard({
  ad,
  layout = "row",
  fill = false,
}: {
  ad: PublicAdvertisement;
  layout?: "row" | "stack";
  /** Fill the slot's fixed card height (longer texts are cut, never grow the box). */
  fill?: boolean;
}) {
  const link = ad.link && isHttpUrl(ad.link) ? ad.link : null;
  const body = (
    <>
      <AdImage
        src={ad.imageUrl}
        category={ad.category}
        className={
          layout === "row"
            ? "h-20 w-20 shrink-0 rounded-lg sm:h-24 sm:w-24"
            : "h-32 w-full rounded-lg"
        }
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Sponsored</p>
        <p className="truncate font-bold text-stone-900">{ad.title}</p>
        <p className="line-clamp-2 text-sm text-stone-700">{ad.description}</p>
        <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
          {ad.price && <span className="font-semibold text-green-800">{ad.price}</span>}
          {link && (
            <span className="inline-flex items-center gap-1 font-semibold text-amber-800">
              Learn more <ExternalLink size={14} aria-hidden />
            </span>
          )}
        </div>
      </div>
    </>
  );
  const className = cn(
    "flex gap-3 rounded-xl border border-stone-200 bg-white p-3 text-left",
    layout === "stack" && "flex-col",
    fill && "h-full overflow-hidden",
  );
  if (!link) return <div className={className}>{body}</div>;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener sponsored"
      className={cn(
        className,
        "hover:border-amber-400 focus-visible:outline-3 focus-visible:outline-blue-700",
      )}
      data-track={`Ad: ${ad.title}`}
      data-track-type="advertisement"
      data-track-id={ad.id}
      data-track-meta-category={ad.category}
    >
      {body}
    </a>
  );
}
