/** The password reset module's public face (a Biome rule refuses deeper imports from outside). */
export { resetLinksAtSending } from "./links.ts";
export { passwordResetModule } from "./routes.ts";
