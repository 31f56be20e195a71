import type { RemoteScreens } from "@klarwerk/kit";

/** The file area's screens (see `RemoteScreens` in the kit for who reads this list). */
export const screens: RemoteScreens = {
  remote: "mf_files",
  screens: [{ path: "/data", expose: "Files", title: "Dateien – Klarwerk Digital" }],
};
