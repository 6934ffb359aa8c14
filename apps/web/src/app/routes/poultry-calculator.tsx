import { PageHeader } from "@/components/page-header";
import { PoultryCalculator } from "@/features/calculators/components/poultry-calculator";

/** /poultry-calculator: feed, egg and coop calculators. */
export default function PoultryCalculatorPage() {
  return (
    <>
      <PageHeader
        title="Poultry Calculator"
        description="Work out feed costs, expected eggs and the coop space your flock needs."
      />
      <PoultryCalculator />
    </>
  );
}
