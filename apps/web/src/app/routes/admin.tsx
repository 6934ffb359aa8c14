import { lazy, Suspense } from "react";
import { useParams, useSearchParams } from "react-router";
import { LogOut } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { useAdminSession } from "@/features/admin/api/get-admin-session";
import { useAdminLogout } from "@/features/admin/api/admin-logout";
import { AdminGate } from "@/features/admin/components/admin-gate";
import { AnalyticsTab } from "@/features/admin/components/analytics-tab";
import { LoadingPanel } from "@/components/loading-panel";

// Analytics is the default tab; the other two load when opened.
const AdvertisementsTab = lazy(() =>
  import("@/features/admin/components/advertisements-tab").then((m) => ({
    default: m.AdvertisementsTab,
  })),
);
const AdminAffiliatesPage = lazy(() => import("./admin-affiliates"));

const TABS = ["analytics", "advertisements", "affiliates"] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null | undefined): v is Tab => TABS.includes(v as Tab);

/** /admin: the password gate, then analytics, advertisements and affiliates. */
export default function AdminPage() {
  const { data: session, isLoading, error } = useAdminSession();
  return (
    <div>
      <PageHeader
        title="Admin Panel"
        description="Advertisements, affiliate partners and click analytics."
      />
      {isLoading && <p className="text-stone-700">Loading...</p>}
      {error && <Alert tone="danger">{errorMessage(error)}</Alert>}
      {session && (session.isAdmin ? <AdminPanel /> : <AdminGate session={session} />)}
    </div>
  );
}

function AdminPanel() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const fromUrl = search.get("tab") ?? params.tab;
  const tab: Tab = isTab(fromUrl) ? fromUrl : "analytics";
  const logout = useAdminLogout();
  return (
    <>
      <div className="mb-3 flex justify-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <LogOut size={16} aria-hidden /> Logout
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(v) => setSearch(v === "analytics" ? {} : { tab: v }, { replace: true })}
      >
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="advertisements">Advertisements</TabsTrigger>
          <TabsTrigger value="affiliates">Affiliates</TabsTrigger>
        </TabsList>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="advertisements">
          <Suspense fallback={<LoadingPanel label="Loading this section…" />}>
            <AdvertisementsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="affiliates">
          <Suspense fallback={<LoadingPanel label="Loading this section…" />}>
            <AdminAffiliatesPage />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
