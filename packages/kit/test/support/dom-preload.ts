// Preloaded by the component tests' own `bun test` run (scripts/test.ts, "Komponenten"): a browser
// page as happy-dom builds it, so a screen renders and is clicked without Chromium. Only that run
// loads it: the API's tests keep Bun's own fetch, Request and sockets (bunfig.toml leaves
// `*.dom.test.tsx` to this run).
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { plugin } from "bun";

GlobalRegistrator.register({ url: "http://localhost:3000/", settings: { navigator: { userAgent: "happy-dom" } } });

// happy-dom has no font loading; Mantine's growing text areas listen for it.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

// The screens import their CSS for the bundler; a component test renders without styles.
plugin({
  name: "css-for-the-bundler-only",
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, () => ({ contents: "", loader: "js" }));
  },
});

// Imported only now: Testing Library binds `screen` to the document that exists when it loads.
const { cleanup } = await import("@testing-library/react");
const { afterEach } = await import("bun:test");
const pageFetch = globalThis.fetch;

// Every test starts on an empty page: no screen of the last one, no answers it stubbed, no session.
afterEach(() => {
  cleanup();
  globalThis.fetch = pageFetch;
  localStorage.clear();
});
