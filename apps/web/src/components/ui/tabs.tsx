import { Tabs as T } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** Accessible tabs (arrow keys move between tabs). */
export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn(
        "flex gap-1 overflow-x-auto rounded-card bg-surface-muted p-1 [scrollbar-width:thin]",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-ink-muted focus-visible:outline-3 focus-visible:outline-focus data-[state=active]:bg-surface data-[state=active]:text-accent-ink data-[state=active]:shadow-raised",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn("mt-4 focus-visible:outline-none", className)} {...props} />;
}
