import { Zip, ZipPassThrough } from "fflate";
import type { BlobContent } from "../../storage/blob-store.ts";

/** A file as it goes into the ZIP: its name there, and its bytes when their turn comes. */
export interface ZipSource {
  name: string;
  content: () => BlobContent;
}

/** Names unique within the archive („scan.pdf“, „scan (2).pdf“), without path separators. */
export function zipEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/[/\\]/g, "_").replace(/^\.+$/, "_") || "_";
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let count = 2; taken.has(candidate.toLowerCase()); count++) candidate = `${stem} (${count})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The files as one ZIP, streamed: each file's bytes are read from the blob store only when the
 * client has taken what came before (the stream's `pull`), stored without compression
 * (`ZipPassThrough`), so a folder of any size costs a chunk of memory, not the folder. A cancel
 * (the client went away) stops reading.
 */
export function zipStream(sources: readonly ZipSource[]): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      ready.push(chunk);
      if (final) finished = true;
    }
  });
  const names = zipEntryNames(sources.map((source) => source.name));
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;

  async function* steps(): AsyncGenerator<void> {
    for (const [index, source] of sources.entries()) {
      const entry = new ZipPassThrough(names[index] ?? `datei-${index + 1}`);
      zip.add(entry);
      const body = new Response(source.content()).body;
      if (body) {
        reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          entry.push(value, false);
          yield;
        }
        reader = null;
      }
      entry.push(new Uint8Array(0), true);
      yield;
    }
    zip.end();
  }
  const run = steps();

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (ready.length === 0 && !finished) {
        const step = await run.next();
        if (failure) throw failure;
        if (step.done && ready.length === 0 && !finished) throw new Error("the ZIP ended unfinished");
      }
      for (const chunk of ready.splice(0)) controller.enqueue(chunk);
      if (finished) controller.close();
    },
    async cancel() {
      await (reader as ReadableStreamDefaultReader<Uint8Array> | null)?.cancel().catch(() => {});
      await run.return(undefined);
    },
  });
}
