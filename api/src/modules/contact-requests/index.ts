/** The contact requests module's public face (a Biome rule refuses deeper imports from outside). */
export { contactRequestsModule } from "./routes.ts";
