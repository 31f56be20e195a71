import type { CustomerPage } from "@klarwerk/kit";
import { readCustomerPage } from "../../api/src/modules/customers/store.ts";

/** A page as the API answers it: the statement builds its JSON text, parsed here so a bench can check it. */
export async function readParsedCustomerPage(...args: Parameters<typeof readCustomerPage>): Promise<CustomerPage> {
  return JSON.parse(await readCustomerPage(...args)) as CustomerPage;
}
