import { connect } from "node:net";

/** What came back over the socket: the status line's code, the headers (lower-case names), the body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` (a whole HTTP request as bytes, malformed ones included) to a TCP socket at
 * `port` and reads until the answer is whole (its Content-Length), the server closes the socket,
 * or `timeoutMs` passes. No HTTP client in between:
 * what a client like `fetch` would refuse to send (HTTP/1.0, no Host) reaches the server as written.
 */
/** Whether `text` holds a whole answer: its head and as many body bytes as it declared. */
function complete(text: string): boolean {
  const split = text.indexOf("\r\n\r\n");
  if (split === -1) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split))?.[1];
  if (length === undefined) return false;
  return Buffer.byteLength(text.slice(split + 4)) >= Number(length);
}

export function rawRequest(port: number, request: string | Uint8Array, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Written, not ended: a half-closed socket makes Bun drop the request unanswered.
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (complete(Buffer.concat(chunks).toString("utf8"))) socket.destroy();
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: split === -1 ? "" : text.slice(split + 4) });
    });
  });
}
