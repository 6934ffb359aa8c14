import { Button } from "@/components/ui/button";

/** Shown for unexpected render errors (spec: 'Something went wrong', Refresh App, Try Again). */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Something went wrong</h1>
      <p className="mt-2 text-stone-700">
        The app hit an unexpected problem. Your records are safe on the server.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Refresh App</Button>
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    </div>
  );
}
