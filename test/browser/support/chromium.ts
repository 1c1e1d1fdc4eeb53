import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';

/**
 * The browsers the suite can drive, first found first: `CHROMIUM_PATH` when set, else Debian's
 * `chromium-headless-shell` (Chromium's own headless build, the one Playwright runs headless by default), else
 * Debian's full `chromium`. Both are the same Chromium (Blink, V8, site isolation, out-of-process iframes); the
 * headless shell draws no browser window, which on two cores halves what each page costs and lets the browser
 * files run side by side without starving each other.
 */
const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The Debian package installed when no candidate is found. */
const PACKAGE = 'chromium-headless-shell';

/** The browser binary the suite launches: the first candidate present (the first of all when none is). */
export const chromiumPath = (): string => candidates.find((path) => existsSync(path)) ?? (candidates[0] as string);

/**
 * Flags for headless Chromium on a closed, sandboxed machine. Without the background-networking flags
 * Chromium keeps opening connections the machine refuses. No `--user-data-dir`: Playwright refuses it and
 * already starts each launch with a fresh profile.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Whether a browser binary is present. */
export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}

/**
 * Makes sure Chromium is there. A fresh machine (CI) gets Debian's headless shell package installed when we
 * are root with apt-get; anywhere else the run stops with a message saying what to do. It never skips.
 */
export function ensureChromium(): void {
  if (hasChromium()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`[browser tests] Chromium not found: installing Debian package "${PACKAGE}"...`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', PACKAGE], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!hasChromium()) {
    throw new Error(
      `The browser tests need Chromium at ${candidates.join(' or ')}. Install it with "apt-get install -y ${PACKAGE}" ` +
        '(Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
}

/**
 * Launches the one Chromium the browser test files share, serving Playwright's protocol on a loopback
 * WebSocket at a free port (`wsEndpoint()`); `close()` stops the browser and the server.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs, headless: true, host: '127.0.0.1', port: 0 });
}
