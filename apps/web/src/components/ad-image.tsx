import { useState } from "react";
import { ImageOff } from "lucide-react";
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
