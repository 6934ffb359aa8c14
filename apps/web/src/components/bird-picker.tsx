import { useId } from "react";
import { Label, Select } from "@/components/ui/input";
import { useAuth } from "@/lib/auth";
import { useChickens } from "@/lib/chickens";

/** Optional "which bird?" choice for a signed-in keeper's analysis; renders nothing when signed out or without birds. */
export function BirdPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (birdId: string) => void;
}) {
  const { isAuthenticated } = useAuth();
  const birds = useChickens(isAuthenticated);
  const id = useId();
  // A photo check is of a bird still with the keeper, not one that died or was sold.
  const present = (birds.data ?? []).filter((b) => !b.outcome);
  if (!isAuthenticated || present.length === 0) return null;
  return (
    <div className="mx-auto w-full max-w-[600px]">
      <Label htmlFor={id}>Which bird is this? (optional, saved with the result)</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Not a specific bird</option>
        {present.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name} ({b.breed})
          </option>
        ))}
      </Select>
    </div>
  );
}
