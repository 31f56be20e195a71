/**
 * Loads pdfmake's browser build and the Roboto fonts on first use, through dynamic `import()`,
 * so none of its ~1.5 MB (unminified: 2.4 MB library + 0.42 MB fonts) is in the page's initial
 * bundle. The same build runs in Bun (tests, benchmarks): it is self-contained and needs no DOM
 * for `getBuffer`/`getBlob`; only `download`/`open`/`print` need a browser. The chunks are named
 * (`pdfmake.*.js`, `pdfmake-fonts.*.js`) so the network panel, the e2e test and the benchmark can
 * see when they load.
 *
 * The library is CommonJS/UMD: the pdfmake instance is the module's `default` export (its methods
 * live on the prototype, so they are not copied onto the namespace object).
 */
import { timingNames } from "./timing";

/** The browser build's API (`createPdf`, `addVirtualFileSystem`, ...). */
export type PdfMake = typeof import("pdfmake/build/pdfmake");

function defaultExport<T>(module: T | { default: T }): T {
  return typeof module === "object" && module !== null && "default" in module ? module.default : module;
}

async function load(): Promise<PdfMake> {
  const started = performance.now();
  const [library, fonts] = await Promise.all([
    import(/* webpackChunkName: "pdfmake" */ "pdfmake/build/pdfmake"),
    import(/* webpackChunkName: "pdfmake-fonts" */ "./pdf-fonts"),
  ]);
  const pdfMake = defaultExport<PdfMake>(library);
  pdfMake.addVirtualFileSystem(fonts.robotoFiles);
  // Invoices embed no images: refuse every URL so a document can never make a request.
  pdfMake.setUrlAccessPolicy(() => false);
  performance.measure(timingNames.pdfmakeLoad, { start: started });
  return pdfMake;
}

let loading: Promise<PdfMake> | undefined;

/** pdfmake with Roboto registered (the default font; it covers umlauts, ß and €). Loaded once. */
export function loadPdfMake(): Promise<PdfMake> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined; // a failed chunk load may succeed on the next click
    throw error;
  });
  return loading;
}
