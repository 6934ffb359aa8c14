import { Lightbulb } from "lucide-react";
import { CARE_FACT_TEXT } from "@flockkeeper/shared/domain/care-facts";
import { Card, CardTitle } from "@/components/ui/card";

const TIPS = [
  {
    title: "Feed",
    items: [
      `Layers need a complete feed with ${CARE_FACT_TEXT["layer-feed-protein"]} protein; chicks of laying breeds need starter with ${CARE_FACT_TEXT["chick-starter-protein"]} (meat chicks, turkey poults and game birds more).`,
      "Keep treats and scraps to at most 10% of what the flock eats.",
      "A treadle or covered feeder cuts waste from rodents and wild birds, which lowers the real cost per bird.",
    ],
  },
  {
    title: "Eggs",
    items: [
      "Laying slows as days shorten: hens need about 14 hours of light to lay steadily.",
      "Moulting, broodiness, heat and age all lower the laying rate; pick a lower rate for older hens.",
      "Good layers give roughly 250-300 eggs a year in their first laying seasons.",
    ],
  },
  {
    title: "Coop",
    items: [
      "Chickens need at least 4 sq ft of coop and 10 sq ft of run each; more space means less pecking.",
      "Ventilate high up and keep roosts away from drafts; dampness is a bigger risk than cold.",
      "Roosts should sit higher than nest boxes so birds do not sleep in them.",
    ],
  },
];

/** General advice shown under the calculators. */
export function CalculatorTips() {
  return (
    <Card className="mt-6">
      <CardTitle className="flex items-center gap-2">
        <Lightbulb className="size-5 text-amber-700" aria-hidden />
        Tips
      </CardTitle>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        {TIPS.map((group) => (
          <section key={group.title}>
            <h3 className="font-semibold text-stone-900">{group.title}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-700">
              {group.items.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Card>
  );
}
