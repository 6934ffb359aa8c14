import type { ReactNode } from "react";
import { PageMeta } from "@/lib/page-meta";

/** A page's h1 and intro; also sets the document title and meta description. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6">
      <PageMeta title={title} description={description} />
      <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{title}</h1>
      {description && <p className="mt-1 max-w-3xl text-stone-700">{description}</p>}
      {children}
    </div>
  );
}
