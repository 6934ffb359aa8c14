import { affiliateConfigExport } from "@flockkeeper/shared/domain/affiliates";
import type { AffiliatePartner } from "@flockkeeper/shared/schemas/affiliate";

/** Downloads the partner configuration as a JSON file, built in the browser (no server call). */
export function downloadAffiliateConfig(partners: AffiliatePartner[], now = new Date()) {
  const json = JSON.stringify(affiliateConfigExport(partners, now), null, 2);
  const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `affiliate-config-${now.toISOString().slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
