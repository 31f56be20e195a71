import { type AgeingBucket, isAgeingBucket } from "@klarwerk/kit";

/** Where a bucket of the "Auswertung" links to: the invoice list with only those open items. */
export function ageingLink(bucket: AgeingBucket): string {
  return `/invoices?ageing=${bucket}`;
}

/** The bucket a link of the "Auswertung" opened the list with (`?ageing=`), if any. */
export function ageingOfLocation(): AgeingBucket | null {
  const ageing = new URLSearchParams(window.location.search).get("ageing");
  return isAgeingBucket(ageing) ? ageing : null;
}
