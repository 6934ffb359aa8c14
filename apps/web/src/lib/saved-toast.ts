import { isQueued } from "./outbox";
import { toast } from "./toast";

/** Sent, or kept on the phone offline (lib/outbox.ts): the keeper is told which. */
export function toastSaved(result: unknown, title: string, description?: string) {
  if (isQueued(result)) {
    toast({
      title: `${title}: kept on this phone`,
      description: "Sent when you are back online.",
      variant: "success",
    });
  } else {
    toast({ title, description, variant: "success" });
  }
}
