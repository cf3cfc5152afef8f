import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uploadImage, UploadError } from "./upload.ts";

interface Scripted {
  status: number;
  body: unknown;
  retryAfter?: string;
}

/** Answers each send() with the next scripted reply, on the next turn of the event loop. */
class FakeRequest {
  static replies: Scripted[] = [];
  static sent = 0;
  status = 0;
  response: unknown = null;
  responseType = "";
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private retryAfter: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  open() {}
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === "retry-after" ? this.retryAfter : null;
  }
  send(file: File) {
    FakeRequest.sent += 1;
    const reply = FakeRequest.replies.shift() ?? { status: 500, body: null };
    this.timer = setTimeout(() => {
      this.upload.onprogress?.({ loaded: file.size, total: file.size, lengthComputable: true });
      this.status = reply.status;
      this.response = reply.body;
      this.retryAfter = reply.retryAfter ?? null;
      this.onload?.();
    }, 0);
  }
  abort() {
    clearTimeout(this.timer);
    this.onabort?.();
  }
}

const file = new File([new Uint8Array(1000)], "photo.jpg", { type: "image/jpeg" });
const item = { id: 7, fileName: "photo.jpg" };
const busy = (seconds: string): Scripted => ({
  status: 503,
  body: { error: { code: "uploads_busy", message: "file: 4 images are being uploaded…" } },
  retryAfter: seconds,
});

describe("uploadImage", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    FakeRequest.replies = [];
    FakeRequest.sent = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the file again after the Retry-After of a 503, starting its progress over", async () => {
    FakeRequest.replies = [busy("3"), { status: 201, body: { item, created: true } }];
    const progress: number[] = [];
    const handle = uploadImage(file, (sent) => progress.push(sent));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeRequest.sent).toBe(1);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(FakeRequest.sent).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeRequest.sent).toBe(2);
    expect(await handle.done).toEqual(item);
    expect(progress).toEqual([1000, 0, 1000]);
  });

  it("a 503 without Retry-After, or ten in a row, is a server failure", async () => {
    FakeRequest.replies = [{ status: 503, body: null }];
    const once = uploadImage(file, () => {});
    const failedOnce = expect(once.done).rejects.toMatchObject({ failure: "server" });
    await vi.advanceTimersByTimeAsync(0);
    await failedOnce;
    FakeRequest.sent = 0;
    FakeRequest.replies = Array.from({ length: 10 }, () => busy("120"));
    const always = uploadImage(file, () => {});
    const failedAlways = expect(always.done).rejects.toMatchObject({ failure: "server" });
    // A Retry-After over a minute is waited for a minute.
    await vi.advanceTimersByTimeAsync(9 * 60_000 + 100);
    await failedAlways;
    expect(FakeRequest.sent).toBe(10);
  });

  it("Cancel while the file waits to go again ends it at once, without another send", async () => {
    FakeRequest.replies = [busy("30"), { status: 201, body: { item, created: true } }];
    const handle = uploadImage(file, () => {});
    const cancelled = expect(handle.done).rejects.toEqual(new UploadError("cancelled"));
    await vi.advanceTimersByTimeAsync(1_000);
    handle.cancel();
    await cancelled;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeRequest.sent).toBe(1);
  });

  it("a refusal (4xx) is the server's message without its field, with its code", async () => {
    FakeRequest.replies = [
      {
        status: 413,
        body: {
          error: {
            code: "image_too_large",
            message: "file: the image is 2×19999999 pixels; each side may be at most 16384 pixels.",
          },
        },
      },
    ];
    const handle = uploadImage(file, () => {});
    const refused = expect(handle.done).rejects.toMatchObject({
      failure: "refused",
      code: "image_too_large",
      message: "the image is 2×19999999 pixels; each side may be at most 16384 pixels.",
    });
    await vi.advanceTimersByTimeAsync(0);
    await refused;
  });
});
