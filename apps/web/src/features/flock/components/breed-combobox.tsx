import { useId, useState, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/** Breeds whose name starts with what was typed (case-insensitive), in the list's order. */
export function filterBreeds(breeds: readonly string[], typed: string): string[] {
  const q = typed.trim().toLowerCase();
  return q ? breeds.filter((b) => b.toLowerCase().startsWith(q)) : [...breeds];
}

/**
 * Breed field: free text with an A-Z suggestion list filtered by prefix. Any typed breed is
 * accepted; the list only helps.
 */
export function BreedCombobox({
  id,
  value,
  onChange,
  breeds,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  breeds: readonly string[];
  invalid?: boolean;
  describedBy?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = filterBreeds(breeds, value).slice(0, 60);
  const shown = open && matches.length > 0 && !(matches.length === 1 && matches[0] === value);

  const choose = (breed: string) => {
    onChange(breed);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(matches.length - 1, a + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === "Enter" && shown && active >= 0 && matches[active]) {
      e.preventDefault();
      choose(matches[active]!);
    } else if (e.key === "Escape" && shown) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder="Start typing a breed"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Breeds"
          className="absolute z-50 mt-1 max-h-56 w-full overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
        >
          {matches.map((breed, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the keyboard works on the input (aria-activedescendant)
            <li
              key={breed}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn(
                "cursor-pointer px-3 py-2 text-stone-900",
                i === active ? "bg-amber-100" : "hover:bg-stone-100",
              )}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(breed)}
            >
              {breed}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
