import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Invitation } from "@/features/farms/components/invitation";

/** /invite/:token: the page an owner's invitation link opens (signed in or not). */
export default function InvitePage() {
  const { token = "" } = useParams();
  return (
    <>
      <PageHeader
        title="Invitation to a farm"
        description="Someone asked you to keep their flock's records with them."
      />
      <Invitation token={token} />
    </>
  );
}
