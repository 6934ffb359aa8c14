import type { ButtonHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const variants = {
  primary: "bg-accent text-on-accent hover:bg-accent-strong disabled:bg-stone-400",
  secondary:
    "bg-surface text-ink border border-line-strong hover:bg-surface-muted disabled:text-stone-400",
  ghost: "bg-transparent text-ink hover:bg-surface-muted",
  destructive: "bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400",
  success: "bg-green-700 text-white hover:bg-green-800 disabled:bg-stone-400",
} as const;

const sizes = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-4",
  lg: "h-12 px-6 text-lg",
  icon: "h-11 w-11",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

/** The app's button: 44 px tall by default so it is easy to hit with a thumb. */
export function Button({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/** Class names for a link that looks like a button. */
export const buttonClass = (
  variant: keyof typeof variants = "primary",
  size: keyof typeof sizes = "md",
) =>
  cn(
    "inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus",
    variants[variant],
    sizes[size],
  );
