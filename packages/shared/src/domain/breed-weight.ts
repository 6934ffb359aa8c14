import { unitText, type UnitText } from "./units";

/** A breed's typical adult weights from the breed dataset (lbs), as a message in any units. */
export function breedWeightText(weightLbs: { female: number; male: number }): UnitText {
  return unitText("Females about {female}, males about {male}", {
    female: { value: weightLbs.female, unit: "lbs" },
    male: { value: weightLbs.male, unit: "lbs" },
  });
}
