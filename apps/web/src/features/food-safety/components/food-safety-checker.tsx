import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PlantListCheck } from "./plant-list-check";
import { SingleSearch } from "./single-search";

/** Can My Flock Eat This?: Single Search and Plant List Check tabs. */
export function FoodSafetyChecker() {
  return (
    <Tabs defaultValue="single">
      <TabsList aria-label="Food safety tools">
        <TabsTrigger value="single">Single Search</TabsTrigger>
        <TabsTrigger value="plants">Plant List Check</TabsTrigger>
      </TabsList>
      <TabsContent value="single">
        <SingleSearch />
      </TabsContent>
      <TabsContent value="plants">
        <PlantListCheck />
      </TabsContent>
    </Tabs>
  );
}
