/**
 * The client as the access log names it: the browser family and the system, never the whole user
 * agent (decision 0096). Order matters: Edge and Opera say „Chrome“ too, Chrome says „Safari“.
 */
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
  [/\bWget\//, "Wget"],
];

const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

export function clientFamilyOf(userAgent: string | null): string {
  const agent = userAgent ?? "";
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? "Anderer Client";
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  return system ? `${browser}, ${system}` : browser;
}
