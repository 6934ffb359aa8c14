import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { buttonClass } from "@/components/ui/button";
import features from "@/content/features.json";
import { FeatureList } from "@/features/marketing/components/feature-list";

/** Features (/features): everything the app does, with links to the Flock Manager and Health Check. */
export default function FeaturesPage() {
  return (
    <>
      <PageHeader title={features.title} description={features.intro}>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to="/chicken-tracker"
            className={buttonClass("primary")}
            data-track="Features Flock Manager"
          >
            Start your flock records
          </Link>
          <Link
            to="/health-diagnostic"
            className={buttonClass("secondary")}
            data-track="Features Health Check"
          >
            Run a health check
          </Link>
        </div>
      </PageHeader>
      <FeatureList />
    </>
  );
}
