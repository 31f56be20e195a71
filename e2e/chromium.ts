import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium, never a downloaded browser. The flags keep it from reaching for Google's
 * services on a machine without internet, and map every host but loopback to "not found" so a
 * test cannot silently depend on the outside world. Sandboxed frames stay in the page's process
 * (`IsolateSandboxedIframes` off): Chromium otherwise moves them to one of their own, whose
 * requests Playwright neither sees nor routes, and the review widget runs in such a frame. The
 * sandbox itself (an opaque origin) is the same either way.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"',
    "--disable-features=IsolateSandboxedIframes",
  ],
};
