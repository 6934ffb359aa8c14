import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Dialog } from "@/components/ui/lazy-dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { FARM_ROLE_LABELS, useCurrentFarm, useFarms } from "@/lib/farms";
import { isReauthCancelled, useReauth } from "@/lib/reauth";
import { toast } from "@/lib/toast";
import { useDeleteFarm } from "../api/farms";
import { InvitationsCard } from "./invitations-card";
import { MembersCard } from "./members-card";
import { NewFarmCard, RenameFarmForm } from "./farm-name-forms";

/**
 * The Farm page: the farm in use, its name (the owner renames it), members, invitations, a new
 * farm, and deleting it (the owner, after "Confirm it's you"). Needs a `ReauthProvider` above it.
 */
export function FarmSettings() {
  const { farm, role, userId, isLoading } = useCurrentFarm();
  const farms = useFarms();
  if (isLoading) return <p className="text-stone-700">Loading…</p>;
  if (farms.error) {
    return <Alert tone="danger">Could not load your farms: {errorMessage(farms.error)}</Alert>;
  }
  if (!farm || !role || !userId) {
    return (
      <Alert tone="info">
        This FlockKeeper keeps one flock per account: there are no farms to manage.
      </Alert>
    );
  }
  const isOwner = role === "owner";
  return (
    <div className="grid gap-4">
      <Card>
        <CardTitle className="break-words">{farm.name}</CardTitle>
        <p className="mt-1 text-sm text-stone-700">
          Your role: <Badge tone="amber">{FARM_ROLE_LABELS[role]}</Badge> · {farm.memberCount}{" "}
          {farm.memberCount === 1 ? "member" : "members"}
        </p>
        {isOwner && <RenameFarmForm key={farm.id} farmId={farm.id} name={farm.name} />}
      </Card>
      <MembersCard
        key={`members-${farm.id}`}
        farmId={farm.id}
        farmName={farm.name}
        role={role}
        userId={userId}
      />
      {isOwner && <InvitationsCard key={`invites-${farm.id}`} farmId={farm.id} />}
      <NewFarmCard />
      {isOwner && <DeleteFarmCard key={`delete-${farm.id}`} farmId={farm.id} name={farm.name} />}
    </div>
  );
}

/** The typed name; `DELETE /api/farms/{id}` takes no body, so the comparison is the whole check. */
const confirmFarmName = z.object({ typed: z.string().trim() });
const FARM_NAME_MISMATCH = "The name you typed does not match the farm's name";

/** Deletes the farm with every bird, record and photo, after its name is typed again. */
function DeleteFarmCard({ farmId, name }: { farmId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const del = useDeleteFarm(farmId);
  const { guard } = useReauth();
  const navigate = useNavigate();
  const form = useZodForm<{ typed: string }, { typed: string }>({
    schema: confirmFarmName,
    defaultValues: { typed: "" },
    check: (values) => ({ typed: values.typed.trim() !== name.trim() && FARM_NAME_MISMATCH }),
  });

  const onSubmit = async () => {
    try {
      await guard(() => del.mutateAsync());
      setOpen(false);
      toast({ title: `${name} deleted`, description: "Its birds, records and photos are gone." });
      await navigate("/chicken-tracker");
    } catch (err) {
      if (isReauthCancelled(err)) return;
      form.setError("typed", { type: "server", message: errorMessage(err) });
    }
  };

  return (
    <Card className="border-red-300">
      <CardTitle>Delete farm</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        Removes this farm for every member: its birds, records and photos. This cannot be undone.
      </p>
      <Button variant="destructive" className="mt-3" onClick={() => setOpen(true)}>
        <Trash2 size={18} aria-hidden /> Delete farm
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) form.reset();
        }}
        title={`Delete ${name}?`}
        description="Every bird, record and photo of this farm will be deleted for good."
      >
        <Form form={form} onSubmit={onSubmit}>
          <Field
            name="typed"
            id="confirm-farm-name"
            label={<>Type the farm&apos;s name ({name}) to confirm</>}
          >
            {(props) => <Input {...props} autoComplete="off" />}
          </Field>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={del.isPending}>
              Delete farm
            </Button>
          </div>
        </Form>
      </Dialog>
    </Card>
  );
}
