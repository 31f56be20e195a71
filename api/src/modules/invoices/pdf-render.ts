import { dirname, join } from "node:path";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";

/**
 * pdfmake's server build in Bun, with Roboto (regular and medium as bold; it covers umlauts, ß
 * and €), which pdfkit embeds as subsets. Invoices load nothing from outside: every URL is
 * refused, and local files only from the font folder.
 */
const fontDir = join(dirname(Bun.resolveSync("pdfmake/package.json", import.meta.dir)), "fonts", "Roboto");
const regular = join(fontDir, "Roboto-Regular.ttf");
const medium = join(fontDir, "Roboto-Medium.ttf");

pdfmake.setFonts({ Roboto: { normal: regular, bold: medium, italics: regular, bolditalics: medium } });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path === regular || path === medium);

/** The document rendered to PDF bytes. */
export async function renderPdf(document: TDocumentDefinitions): Promise<Uint8Array> {
  const buffer = await pdfmake.createPdf(document).getBuffer();
  return new Uint8Array(buffer);
}
