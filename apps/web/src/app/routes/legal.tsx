import { PageHeader } from "@/components/page-header";
import { SignInInfoContent } from "@/components/sign-in-info-panel";
import { LegalContents, LegalDocuments } from "@/features/legal/components/legal-documents";

/** Legal (/legal): terms of use, privacy policy, veterinary disclaimer, affiliate disclosure, cookies. */
export default function LegalPage() {
  return (
    <>
      <PageHeader
        title="Legal"
        description="Terms of use, privacy policy, veterinary disclaimer, affiliate disclosure and cookie note for this FlockKeeper installation."
      />
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="lg:sticky lg:top-20 lg:self-start">
          <LegalContents />
        </aside>
        <div>
          <LegalDocuments />
          <section
            id="signing-in"
            aria-labelledby="signing-in-title"
            className="mt-10 max-w-3xl scroll-mt-20"
          >
            <h2 id="signing-in-title" className="text-2xl font-extrabold text-stone-900">
              What signing in means
            </h2>
            <SignInInfoContent />
          </section>
        </div>
      </div>
    </>
  );
}
