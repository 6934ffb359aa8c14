import { Link } from "react-router";
import { PageMeta } from "@/lib/page-meta";
import { buttonClass } from "@/components/ui/button";

/** Catch-all route (spec: 'The page you're looking for doesn't exist.' with Return to Home). */
export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <PageMeta title="Page not found" />
      <p className="text-6xl font-extrabold text-amber-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-stone-700">The page you&apos;re looking for doesn&apos;t exist.</p>
      <Link to="/" className={buttonClass("primary") + " mt-6"}>
        Return to Home
      </Link>
    </div>
  );
}
