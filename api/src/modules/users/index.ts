/** The users module's public face (a Biome rule refuses deeper imports from outside). */
export { usersModule } from "./routes.ts";
export { lockAccounts } from "./store.ts";
