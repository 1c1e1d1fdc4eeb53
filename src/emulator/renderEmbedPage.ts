import type { EmulatorBootConfig } from './EmulatorBootConfig.js';

/** JSON that can sit inside a `<script>` element: nothing in it can close the element or break a line. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The HTML shell of an embed page: the boot config as data, and the page script that renders it. */
export function renderEmbedPage(boot: EmulatorBootConfig): string {
  const title = boot.dashboard?.title ?? (boot.surface === 'chat' ? 'Analytics chat' : boot.surface === 'app' ? 'Analytics app' : 'Dashboard');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · svc emulator</title>
<script type="application/json" id="svc-emulator-boot">${jsonForHtml(boot)}</script>
<script type="module" src="/_emulator/page.js"></script>
</head>
<body>
<div id="root"></div>
</body>
</html>
`;
}
