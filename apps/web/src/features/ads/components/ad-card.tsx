import { useState } from "react";
import { ExternalLink, ImageOff } from "lucide-react";
import type { PublicAdvertisement } from "@flockkeeper/shared/schemas/advertisement";
import { isHttpUrl } from "@flockkeeper/shared/schemas/advertisement";
import { cn } from "@/lib/cn";

/** An ad's picture, or a neutral placeholder when it has none or it fails to load. */
export function AdImage({ src, className }: { src: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div
        className={cn("flex items-center justify-center bg-stone-100 text-stone-500", className)}
        data-testid="ad-image-placeholder"
        aria-hidden
      >
        <ImageOff size={24} />
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

/** One advertisement; every text is rendered as text, and only http(s) links are followed. */
export function AdCard({
  ad,
  layout = "row",
}: {
  ad: PublicAdvertisement;
  layout?: "row" | "stack";
}) {
  const link = ad.link && isHttpUrl(ad.link) ? ad.link : null;
  const body = (
    <>
      <AdImage
        src={ad.imageUrl}
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
