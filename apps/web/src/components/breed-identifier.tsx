// The breed identifier, shared by /chicken-identifier and the flock manager's Breed ID tab.
export { BreedIdentifier } from "@/features/breed-id/components/breed-identifier";
