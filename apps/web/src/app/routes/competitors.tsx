import { PageHeader } from "@/components/page-header";
import competitors from "@/content/competitors.json";
import {
  ComparisonCards,
  ComparisonCta,
  ComparisonTable,
  Testimonials,
} from "@/features/marketing/components/comparison";

/** Competitors (/competitors): an honest comparison with the kinds of tools keepers use. */
export default function CompetitorsPage() {
  return (
    <>
      <PageHeader title={competitors.title} description={competitors.intro} />
      <ComparisonTable />
      <ComparisonCards />
      <Testimonials />
      <ComparisonCta />
    </>
  );
}
