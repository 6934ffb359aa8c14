import { PageHeader } from "@/components/page-header";
import { CareGuide } from "@/features/care-guide/components/care-guide";

/** Chicken Care Guide (/chicken-care-guide): housing, nutrition, health, breeding, safety, breeds. */
export default function ChickenCareGuidePage() {
  return (
    <>
      <PageHeader
        title="Chicken Care Guide"
        description="Housing, nutrition, health, breeding, safety and breeds: what a backyard flock needs, in plain words."
      />
      <CareGuide />
    </>
  );
}
