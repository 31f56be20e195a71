/** The company module's public face (a Biome rule refuses deeper imports from outside). */
export { companyModule } from "./routes.ts";
export { readCompanySettings } from "./store.ts";
