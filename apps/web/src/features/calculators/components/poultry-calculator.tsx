import { Egg, Home, Wheat } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CalculatorTips } from "./calculator-tips";
import { CoopCalculator } from "./coop-calculator";
import { EggCalculator } from "./egg-calculator";
import { FeedCalculator } from "./feed-calculator";

/** The three calculators in tabs (feed first), with tips below. Results update as you type. */
export function PoultryCalculator() {
  return (
    <>
      <Tabs defaultValue="feed">
        <TabsList aria-label="Calculators">
          <TabsTrigger value="feed" data-track="Calculator Tab Feed">
            <Wheat className="mr-1 inline size-4" aria-hidden />
            Feed
          </TabsTrigger>
          <TabsTrigger value="eggs" data-track="Calculator Tab Eggs">
            <Egg className="mr-1 inline size-4" aria-hidden />
            Eggs
          </TabsTrigger>
          <TabsTrigger value="coop" data-track="Calculator Tab Coop">
            <Home className="mr-1 inline size-4" aria-hidden />
            Coop
          </TabsTrigger>
        </TabsList>
        <TabsContent value="feed">
          <FeedCalculator />
        </TabsContent>
        <TabsContent value="eggs">
          <EggCalculator />
        </TabsContent>
        <TabsContent value="coop">
          <CoopCalculator />
        </TabsContent>
      </Tabs>
      <CalculatorTips />
    </>
  );
}
