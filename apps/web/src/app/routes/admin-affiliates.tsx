import { AffiliateProgramManager } from "@/features/affiliates/components/affiliate-program-manager";

/** The Affiliate Program Manager, shown in the admin panel's affiliates tab (/admin?tab=affiliates). */
export default function AdminAffiliatesPage() {
  return <AffiliateProgramManager />;
}
