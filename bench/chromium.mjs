// How every benchmark starts Chromium: Debian's /usr/bin/chromium (no browser is
// downloaded), headless, with the background work that would disturb the timings off.
import { chromium } from "playwright-core";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--no-first-run", "--disable-sync"];

/** A headless Chromium, as every part of scripts/bench runs it. */
export function launchChromium() {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
}
