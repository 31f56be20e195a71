// Builds the product, serves it as in production and loads pages in Chromium with an empty cache.
// Prints per page: requests, JS requests, JS bytes as transferred (the server's brotli/gzip, the
// budget's unit) and as gzip (each script re-compressed with gzip level 6), then what the
// visitor's first interaction adds (the pointer moving over the page: a public page's content
// loads its module then).
//
// Usage: bun bench/first-load.ts [--no-build] [path ...]   (default: /)
import { budgetBytes, kb, measureFirstLoad } from "./page-scripts";
import { serveProductInBrowser } from "./support/served-product.ts";

const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));

const { url: origin, browser, stop } = await serveProductInBrowser();
try {
  console.log(
    `page\trequests\tJS requests\tJS transferred\tJS gzip\ttransferred / ${kb(budgetBytes)} budget\t+ first interaction: JS requests, transferred`,
  );
  for (const path of paths.length > 0 ? paths : ["/"]) {
    const load = await measureFirstLoad(browser, origin, path, { interact: true });
    const ratio = (load.transferred / budgetBytes).toFixed(2);
    const more = load.afterInteraction;
    console.log(
      `${load.path}\t${load.requests}\t${load.scripts}\t${kb(load.transferred)}\t${kb(load.gzip)}\t${ratio}\t${more?.scripts ?? 0}, ${kb(more?.transferred ?? 0)}`,
    );
  }
} finally {
  await stop();
}
