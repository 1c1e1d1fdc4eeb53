import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Whether the browser binary is present. */
export function hasChromium(): boolean {
  return existsSync(chromiumPath);
}

/**
 * Makes sure Chromium is there. A fresh machine (CI) gets Debian's package installed when we are root with
 * apt-get; anywhere else the run stops with a message saying what to do. It never skips.
 */
export function ensureChromium(): void {
  if (hasChromium()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[browser tests] Chromium not found: installing Debian package "chromium"...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!hasChromium()) {
    throw new Error(
      `The browser tests need Chromium at ${chromiumPath}. Install it with "apt-get install -y chromium" ` +
        '(Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
}

/**
 * Launches the one Chromium the browser test files share, serving Playwright's protocol on a loopback
 * WebSocket at a free port (`wsEndpoint()`); `close()` stops the browser and the server.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, headless: true, host: '127.0.0.1', port: 0 });
}
