import { afterEach, describe, expect, test } from "bun:test";
import { currentToken, endSession } from "@klarwerk/kit/browser";
import { signIn } from "@klarwerk/kit/test-support";
import { renderHook } from "@testing-library/react";
import { clearFinishedUploads, enqueueUploads, useUploads } from "../src/features/files/upload-queue";

/** An upload the queue sent: the headers it carried, answered when the test says so. */
class FakeUpload extends EventTarget {
  static sent: FakeUpload[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  status = 0;
  responseText = "";
  open(): void {}
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(): void {
    FakeUpload.sent.push(this);
  }
  aborted = false;
  abort(): void {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }
  /** As a browser's request: one that was aborted reports nothing more. */
  answer(status: number): void {
    if (this.aborted) return;
    this.status = status;
    this.responseText = JSON.stringify({ file: {} });
    this.dispatchEvent(new Event("load"));
  }
}

const pageRequest = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = pageRequest;
  FakeUpload.sent = [];
});

const files = (count: number) =>
  Array.from({ length: count }, (_, index) => new File([`Inhalt ${index}`], `datei-${index + 1}.txt`));

describe("upload queue", () => {
  test("a logout ends the queue: no file still waiting is sent with the next person's token", async () => {
    globalThis.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
    signIn("token-erika");
    const list = renderHook(() => useUploads());
    // Three files, two at a time: the third waits.
    enqueueUploads(files(3), { folderId: null, maxBytes: null, onUploaded: () => {} });
    expect(FakeUpload.sent.map((upload) => upload.headers.Authorization)).toEqual([
      "Bearer token-erika",
      "Bearer token-erika",
    ]);

    endSession();
    signIn("token-max");
    // Whatever the two running uploads answer now (one stored, one refused with Erika's token),
    // the waiting file stays unsent and Max stays signed in.
    const [stored, refused] = FakeUpload.sent;
    stored?.answer(201);
    refused?.answer(401);
    expect(currentToken()).toBe("token-max");
    expect(FakeUpload.sent.map((upload) => upload.headers.Authorization)).not.toContain("Bearer token-max");
    expect(FakeUpload.sent).toHaveLength(2);
    // And the next person does not see the last one's file names.
    clearFinishedUploads();
    expect(list.result.current).toEqual([]);
  });
});
