import { Plus } from "lucide-react";
import { useId } from "react";
import { useNavigate } from "react-router";
import { farmBody, type FarmBody } from "@flockkeeper/shared/schemas/farm";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateFarm, useRenameFarm } from "../api/farms";

/** The farm's name: a form for the owner (rename). */
export function RenameFarmForm({ farmId, name }: { farmId: string; name: string }) {
  const rename = useRenameFarm(farmId);
  const id = useId();
  const form = useZodForm<{ name: string }, FarmBody>({
    schema: farmBody,
    defaultValues: { name },
  });
  return (
    <Form
      form={form}
      aria-label="Rename the farm"
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={async (body) => {
        try {
          await rename.mutateAsync(body.name);
          toast({ title: "Farm renamed", variant: "success" });
        } catch (err) {
          form.setError("root", { message: errorMessage(err) });
        }
      }}
    >
      <Field name="name" id={`${id}-farm-name`} label="Farm name" className="min-w-0 flex-1">
        {(props) => <Input maxLength={100} autoComplete="off" {...props} />}
      </Field>
      <Button type="submit" disabled={rename.isPending}>
        Save name
      </Button>
      <div className="w-full">
        <FormError />
      </div>
    </Form>
  );
}

/** A new farm: the keeper becomes its owner and it becomes the farm in use. */
export function NewFarmCard() {
  const create = useCreateFarm();
  const navigate = useNavigate();
  const form = useZodForm<{ name: string }, FarmBody>({
    schema: farmBody,
    defaultValues: { name: "" },
  });
  return (
    <Card>
      <CardTitle>New farm</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        A separate flock with its own birds, records and members, for example a second place you
        keep birds. You become its owner and it becomes the farm in use.
      </p>
      <Form
        form={form}
        aria-label="Create a new farm"
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={async (body) => {
          try {
            await create.mutateAsync(body.name);
            form.reset({ name: "" });
            toast({ title: `${body.name} created`, description: "It is now the farm in use." });
            await navigate("/farm");
          } catch (err) {
            form.setError("root", { message: errorMessage(err) });
          }
        }}
      >
        <Field name="name" id="new-farm-name" label="New farm's name" className="min-w-0 flex-1">
          {(props) => <Input maxLength={100} autoComplete="off" {...props} />}
        </Field>
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          <Plus size={18} aria-hidden /> Create farm
        </Button>
        <div className="w-full">
          <FormError />
        </div>
      </Form>
    </Card>
  );
}
