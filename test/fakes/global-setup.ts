// The `workers` project's global setup: the fake Recommand on loopback, one for the whole run
// (each test opens an account of its own in it). Tests read its origin with
// `inject("recommandApiBase")` (test/helpers/recommand.ts).
import type { TestProject } from "vitest/node";
import { startRecommandFake } from "./recommand";

declare module "vitest" {
  export interface ProvidedContext {
    recommandApiBase: string;
  }
}

export default async function setup(project: TestProject) {
  const fake = await startRecommandFake();
  project.provide("recommandApiBase", fake.baseUrl);
  return () => fake.close();
}
