import { type FullConfig, request } from "@playwright/test";
import { registerOwner } from "./users";

/**
 * Before any test: the owner registers first on the fresh database (scripts/test.ts starts the
 * server on one per run), so it is the active admin the helpers approve new accounts with, whatever
 * order the tests then run in.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const context = await request.newContext({ baseURL: config.projects[0]?.use.baseURL });
  try {
    await registerOwner(context);
  } finally {
    await context.dispose();
  }
}
