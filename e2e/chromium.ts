import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium, never a downloaded browser. The flags keep it from reaching for Google's
 * services on a machine without internet, and map every host but loopback to "not found" so a
 * test cannot silently depend on the outside world.
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
  ],
};
