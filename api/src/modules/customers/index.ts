/** The customers module's public face (a Biome rule refuses deeper imports from outside). */
export { customersModule } from "./routes.ts";
