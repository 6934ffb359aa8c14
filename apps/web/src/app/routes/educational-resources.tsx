import { PageHeader } from "@/components/page-header";
import { LearnGuides } from "@/features/learn/components/learn-guides";

/** Learn (/educational-resources): six guides, the emergency care guide and care checklists. */
export default function EducationalResourcesPage() {
  return (
    <>
      <PageHeader
        title="Learn"
        description="Practical guides for feeding, housing, health, eggs, seasons and breeds, an emergency care guide and daily, weekly and monthly checklists."
      />
      <LearnGuides />
    </>
  );
}
