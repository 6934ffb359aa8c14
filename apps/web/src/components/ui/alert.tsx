import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const tones = {
  info: "border-blue-300 bg-blue-50 text-blue-950",
  warning: "border-amber-400 bg-amber-50 text-amber-950",
  danger: "border-red-400 bg-red-50 text-red-950",
  success: "border-green-400 bg-green-50 text-green-950",
} as const;

/** A bordered message box. */
export function Alert({
  tone = "info",
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }) {
  return (
    <div
      role="status"
      className={cn("rounded-lg border p-3 text-sm", tones[tone], className)}
      {...props}
    />
  );
}
