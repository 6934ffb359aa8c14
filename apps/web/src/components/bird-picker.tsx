// The optional bird choice of the photo analyses: features import it from here, so features
// never import each other.
export { BirdPicker } from "@/features/analyses/components/bird-picker";
