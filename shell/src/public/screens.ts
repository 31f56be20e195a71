import { remoteScreen, type ScreenModule, type ScreenSource } from "../components/RemoteRoute";
import { isRemotePage, type PublicPage, type ShellScreenName } from "./pages";

/** Each shell page's screen is a chunk of its own: "/" does not load the sign-in form. */
const loaders: Record<ShellScreenName, () => Promise<ScreenModule>> = {
  Login: () => import("../routes/Login").then((module) => ({ default: module.Login })),
  Register: () => import("../routes/Register").then((module) => ({ default: module.Register })),
};

const sources = new Map<ShellScreenName, ScreenSource>();

/** The source of one of the shell's public screens, one object per screen. */
export function shellScreen(name: ShellScreenName): ScreenSource {
  let source = sources.get(name);
  if (!source) {
    let loading: Promise<ScreenModule> | null = null;
    let loaded: ScreenModule | undefined;
    source = {
      id: `shell/${name}`,
      load: () => {
        loading ??= loaders[name]().then(
          (module) => {
            loaded = module;
            return module;
          },
          (error: unknown) => {
            loading = null;
            throw error;
          },
        );
        return loading;
      },
      loaded: () => loaded,
      reset: () => {
        loading = null;
      },
    };
    sources.set(name, source);
  }
  return source;
}

/** Where a public page's screen comes from. */
export function screenSourceFor(page: PublicPage): ScreenSource {
  return isRemotePage(page) ? remoteScreen(page.remote, page.expose) : shellScreen(page.shell);
}
