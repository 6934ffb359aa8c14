import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** A raised panel on the page (the surface colour, a soft border and the raised shadow). */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn("rounded-card border border-line bg-surface p-4 shadow-raised", className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("text-title font-bold text-ink", className)} {...props} />;
}
