import { remoteScreen, type ScreenModule, type ScreenSource } from "../components/RemoteRoute";
import { loadOnce } from "../navigation/load-once";
import { isRemotePage, type PublicPage, type ShellScreenName } from "./pages";

/** Each shell page's screen is a chunk of its own: "/" does not load the sign-in form. */
const loaders: Record<ShellScreenName, () => Promise<ScreenModule>> = {
  Login: () => import("../routes/Login").then((module) => ({ default: module.Login })),
  Register: () => import("../routes/Register").then((module) => ({ default: module.Register })),
};

const sources = new Map<string, ScreenSource>();

/** The source of a screen of the shell's own that is a chunk of its own, one object per `id`. */
export function chunkScreen(id: string, load: () => Promise<ScreenModule>): ScreenSource {
  let source = sources.get(id);
  if (!source) {
    source = { id, ...loadOnce(load) };
    sources.set(id, source);
  }
  return source;
}

/** The source of one of the shell's public screens, one object per screen. */
export function shellScreen(name: ShellScreenName): ScreenSource {
  return chunkScreen(`shell/${name}`, loaders[name]);
}

/** Where a public page's screen comes from. */
export function screenSourceFor(page: PublicPage): ScreenSource {
  return isRemotePage(page) ? remoteScreen(page.remote, page.expose) : shellScreen(page.shell);
}
