// A second API process's worth of audit writes: `bun append-worker.ts <database url> <count> <tag>`
// appends `count` events, four transactions at a time (the API's pool size), and prints "done".

import { recordAuditEvent } from "../../src/db/audit-append.ts";
import { openDatabase } from "../../src/db/open.ts";

const [url, countText, tag] = process.argv.slice(2);
const db = await openDatabase({ databaseUrl: url ?? "", dataDir: "" });
const count = Number(countText);
let next = 0;
async function lane(): Promise<void> {
  while (next < count) {
    const index = next++;
    await db.sql.begin((tx) =>
      recordAuditEvent(
        tx,
        { kind: "system", id: null, name: `Prozess ${tag}`, address: null },
        { action: "customer.changed", objectId: `${tag}-${index}` },
      ),
    );
  }
}
await Promise.all(Array.from({ length: 4 }, lane));
await db.close();
console.log("done");
