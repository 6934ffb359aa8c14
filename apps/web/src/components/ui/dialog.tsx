import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Spec: some dialogs (the disclaimer) must not close on an outside click. */
  modalLocked?: boolean;
  className?: string;
};

/** An accessible modal dialog (focus trapped, Escape closes unless locked). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  modalLocked,
  className,
}: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <D.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-5 shadow-overlay",
            className,
          )}
          onPointerDownOutside={modalLocked ? (e) => e.preventDefault() : undefined}
          onInteractOutside={modalLocked ? (e) => e.preventDefault() : undefined}
          onEscapeKeyDown={modalLocked ? (e) => e.preventDefault() : undefined}
          aria-describedby={description ? undefined : undefined}
        >
          <D.Title className="pr-8 text-xl font-bold text-ink">{title}</D.Title>
          {description ? (
            <D.Description className="mt-1 text-sm text-ink-muted">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          <div className="mt-4">{children}</div>
          {!modalLocked && (
            <D.Close
              className="absolute top-3 right-3 rounded-md p-2 text-stone-600 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
              aria-label="Close"
            >
              <X size={20} aria-hidden />
            </D.Close>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
