// Every table, for drizzle-kit and for typed queries. One file per area; add yours here.
export * from "./users";
export * from "./system";
export * from "./click-events";
export * from "./images";
export * from "./places";
export * from "./vaccinations";
export * from "./advertisements";
export * from "./affiliates";
export * from "./admin";
export * from "./flock";
export * from "./analyses";
export * from "./newsletter";
export * from "./recent-searches";
export * from "./account";
export * from "./production";
export * from "./hatching";
export * from "./farms";
