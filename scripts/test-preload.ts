// Preloaded by `bun test` (bunfig.toml): what the Rsbuild builds understand and Bun does not.

import { beforeEach } from "bun:test";
import { dirname } from "node:path";
import { plugin } from "bun";
import { startNextTest } from "../api/test/support/test-scope.ts";

// Each test's API limits count apart from every other test's (api/test/support/app.ts).
beforeEach(startNextTest);

const mediaTypes: Record<string, string> = {
  ttf: "font/ttf",
  woff2: "font/woff2",
  png: "image/png",
  svg: "image/svg+xml",
};

// `import dataUrl from "./file.ttf?inline"`: Rsbuild inlines the file as a data URL; so does this.
plugin({
  name: "inline assets",
  setup(build) {
    build.onResolve({ filter: /\?inline$/ }, (args) => ({
      path: Bun.resolveSync(args.path.replace(/\?inline$/, ""), dirname(args.importer)),
      namespace: "inline-asset",
    }));
    build.onLoad({ filter: /.*/, namespace: "inline-asset" }, async (args) => {
      const extension = args.path.slice(args.path.lastIndexOf(".") + 1).toLowerCase();
      const base64 = Buffer.from(await Bun.file(args.path).arrayBuffer()).toString("base64");
      const dataUrl = `data:${mediaTypes[extension] ?? "application/octet-stream"};base64,${base64}`;
      return { contents: `export default ${JSON.stringify(dataUrl)};`, loader: "js" };
    });
  },
});
