/** The outbox module's public face (a Biome rule refuses deeper imports from outside). */
export { outboxModule } from "./routes.ts";
