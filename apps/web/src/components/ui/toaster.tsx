import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { dismissToast, useToastState } from "@/lib/toast";
import { cn } from "@/lib/cn";

const variants = {
  default: "border-stone-300 bg-white text-stone-900",
  success: "border-green-600 bg-green-50 text-green-950",
  destructive: "border-red-600 bg-red-50 text-red-950",
};

/**
 * The toast region: one toast at a time, 5 s, swipe right to dismiss, F8 focuses it
 * (Radix Toast gives the swipe and hotkey behaviour the spec describes).
 */
export function Toaster() {
  const item = useToastState();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={5000}>
      {item && (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          // The toast itself is the status (an Undo toast is found by it); Radix's own live
          // region already reads it out, so this one stays quiet.
          role="status"
          aria-live="off"
          onOpenChange={(open) => !open && dismissToast()}
          className={cn(
            "relative rounded-xl border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0",
            variants[item.variant ?? "default"],
          )}
        >
          <Toast.Title className="font-semibold">{item.title}</Toast.Title>
          {item.description && (
            <Toast.Description className="mt-1 text-sm">{item.description}</Toast.Description>
          )}
          {item.action && (
            // A real button in the tab order (and F8 jumps to the toast); altText is what screen
            // readers hear about how to reach it.
            <Toast.Action altText={`${item.action.label} (press F8, then Tab)`} asChild>
              <button
                type="button"
                onClick={item.action.onClick}
                className="mt-2 inline-flex h-9 items-center rounded-lg border border-current px-3 text-sm font-semibold hover:bg-black/10 focus-visible:outline-3 focus-visible:outline-blue-700"
              >
                {item.action.label}
              </button>
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Dismiss"
            className="absolute top-2 right-2 rounded p-1 hover:bg-black/10"
          >
            <X size={16} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
