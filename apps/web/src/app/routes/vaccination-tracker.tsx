import { PageHeader } from "@/components/page-header";
import { VaccinationTracker } from "@/features/vaccination/components/vaccination-tracker";

/** /vaccination-tracker: records, reminders and the recommended schedule. */
export default function VaccinationTrackerPage() {
  return (
    <>
      <PageHeader
        title="Vaccination Tracker"
        description="Keep track of your flock's vaccinations and see what is due."
      />
      <VaccinationTracker />
    </>
  );
}
