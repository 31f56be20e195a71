/** Address blocks ("Kunde", "Dienstleister") read as postal addresses, for the e-invoice and the issue rules. */

export interface PostalAddress {
  name: string;
  /** The line(s) between the name and `12345 Ort`: street and house number first. */
  streetLines: string[];
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2; `DE` unless a country line says otherwise. */
  countryCode: string;
  /** Lines after `12345 Ort` (printed, not part of the address). */
  extraLines: string[];
}

const postalLine = /^(?:(?:D|DE|A|AT|CH)-)?(\d{4,5})\s+(\S.*)$/i;

const countryLines: Record<string, string> = {
  deutschland: "DE",
  germany: "DE",
  österreich: "AT",
  austria: "AT",
  schweiz: "CH",
  switzerland: "CH",
  niederlande: "NL",
  frankreich: "FR",
  belgien: "BE",
  luxemburg: "LU",
  dänemark: "DK",
  polen: "PL",
  italien: "IT",
  spanien: "ES",
};

/**
 * Reads a German address block: the first line is the name, a later line `12345 Ort` gives postal
 * code and city, the lines between are the street. Null when it has no such line or no street.
 */
export function parseAddressBlock(block: string): PostalAddress | null {
  const lines = block
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const [name, ...rest] = lines;
  if (name === undefined) return null;
  const postalIndex = rest.findIndex((line) => postalLine.test(line));
  if (postalIndex < 1) return null;
  const match = postalLine.exec(rest[postalIndex] ?? "");
  if (!match) return null;
  const extraLines = rest.slice(postalIndex + 1);
  const countryLine = extraLines.find((line) => countryLines[line.toLowerCase()] !== undefined);
  return {
    name,
    streetLines: rest.slice(0, postalIndex),
    postalCode: match[1] ?? "",
    city: (match[2] ?? "").trim(),
    countryCode: countryLine ? (countryLines[countryLine.toLowerCase()] ?? "DE") : "DE",
    extraLines,
  };
}

/** The first non-empty line of a block: the name. */
export function blockName(block: string): string {
  return (
    block
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== "") ?? ""
  );
}
