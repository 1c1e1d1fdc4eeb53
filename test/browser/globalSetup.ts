import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath, hasChromium } from './support/chromium.js';

/**
 * The browser suite needs Debian's Chromium and the built package (the emulator's embed page script and
 * the library as users import it). A fresh machine gets Chromium installed here when we are root with
 * apt-get; anywhere else the run stops with a message saying what to do. It never skips.
 */
export default function setup(): void {
  if (!hasChromium()) {
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
  if (!existsSync('dist/emulator/page.js') || !existsSync('dist/index.js')) {
    throw new Error('The browser tests run against the built package: run "npm run build" first (npm test does).');
  }
}
