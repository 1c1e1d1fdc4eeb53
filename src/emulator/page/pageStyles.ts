/**
 * The page's style sheet. Colours, font and corner radius are custom properties: the colour scheme swaps
 * the palette on `<html data-color-scheme>`, and `set-theme` overrides `--svc-primary`, `--svc-font`,
 * `--svc-radius` and the chat colours on `<html>` itself.
 */
export const PAGE_STYLES = `
:root {
  --svc-primary: #4f46e5;
  --svc-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --svc-radius: 10px;
  --svc-bg: #f5f6f8;
  --svc-card: #ffffff;
  --svc-text: #1c2331;
  --svc-muted: #667085;
  --svc-border: #e3e6ec;
  --svc-soft: #eef0f4;
  --svc-danger: #c0362c;
  --svc-chat-bg: var(--svc-card);
  --svc-chat-input-bg: var(--svc-card);
  --svc-chat-input-border: var(--svc-border);
  --svc-chat-input-color: var(--svc-text);
  color-scheme: light;
}
:root[data-color-scheme="dark"] {
  --svc-bg: #0f1420;
  --svc-card: #171e2c;
  --svc-text: #e7eaf0;
  --svc-muted: #98a2b3;
  --svc-border: #2b3446;
  --svc-soft: #212a3b;
  --svc-danger: #f0776d;
  color-scheme: dark;
}
* { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; }
body {
  background: var(--svc-bg);
  color: var(--svc-text);
  font: 14px/1.45 var(--svc-font);
  -webkit-font-smoothing: antialiased;
}
button, input { font: inherit; color: inherit; }
a { color: var(--svc-primary); text-decoration: none; }
a:hover { text-decoration: underline; }
:focus-visible { outline: 2px solid var(--svc-primary); outline-offset: 2px; }
.page { padding: 16px; display: flex; flex-direction: column; gap: 12px; min-height: 100vh; }
.muted { color: var(--svc-muted); }
.btn {
  display: inline-flex; align-items: center; gap: 6px; cursor: pointer; white-space: nowrap;
  border: 0; border-radius: var(--svc-radius); padding: 7px 14px;
  background: var(--svc-primary); color: #fff; font-weight: 600; font-size: 13px;
}
.btn:hover { filter: brightness(1.08); }
.btn:disabled { opacity: .55; cursor: default; filter: none; }
.btn-ghost {
  background: transparent; color: var(--svc-text); border: 1px solid var(--svc-border);
  font-weight: 500; padding: 4px 10px; font-size: 12px;
}
.btn-ghost:hover { background: var(--svc-soft); filter: none; }
.input {
  flex: 1; min-width: 0; padding: 8px 12px; border-radius: var(--svc-radius);
  border: 1px solid var(--svc-border); background: var(--svc-card);
}
.card {
  background: var(--svc-card); border: 1px solid var(--svc-border); border-radius: var(--svc-radius);
  box-shadow: 0 1px 2px rgba(16, 24, 40, .05);
}
.header { display: flex; align-items: flex-start; justify-content: space-between; gap: 16px; flex-wrap: wrap; }
.header h1 { font-size: 20px; margin: 0; font-weight: 650; letter-spacing: -.01em; }
.header p { margin: 2px 0 0; }
.header-side { display: flex; align-items: center; gap: 10px; font-size: 12px; }
.badge { background: var(--svc-soft); border-radius: 999px; padding: 2px 10px; font-size: 12px; }
.viewer-badge, .workbook-head, .app-head { display: inline-flex; align-items: center; gap: 8px; }
.app-head { display: flex; justify-content: flex-end; margin-bottom: 8px; font-size: 12px; }
.avatar { border-radius: 50%; object-fit: cover; }
.as-of { display: block; font-size: 12px; }
.agent { padding: 10px 12px; display: flex; flex-direction: column; gap: 8px; }
.agent form, .chat-form { display: flex; gap: 8px; }
.answer { white-space: pre-wrap; margin: 0; }
.answer[data-status="error"] { color: var(--svc-danger); }
.grid {
  display: grid; gap: 12px;
  grid-template-columns: repeat(var(--cols, 12), minmax(0, 1fr));
  grid-auto-rows: 80px;
}
.widget {
  grid-column: var(--col) / span var(--w); grid-row: var(--row) / span var(--h);
  display: flex; flex-direction: column; gap: 6px; padding: 12px 14px; min-height: 0; overflow: hidden;
}
.widget-ai { padding: 0; }
.widget-ai .agent { flex: 1; }
.widget-head { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; }
.widget-title { font-weight: 600; font-size: 13px; margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.widget-meta { display: flex; align-items: baseline; gap: 8px; font-size: 12px; }
.widget-total { color: var(--svc-muted); }
.widget-total strong { color: var(--svc-text); font-weight: 600; }
.chart { flex: 1; min-height: 0; }
.chart svg { width: 100%; height: 100%; display: block; overflow: visible; }
.bar { fill: var(--svc-primary); cursor: pointer; transition: opacity .15s; }
.bar:hover, .bar:focus { opacity: .78; outline: none; }
.bar-value { fill: var(--svc-text); font-size: 11px; font-weight: 600; }
.axis { fill: var(--svc-muted); font-size: 11px; }
.gridline { stroke: var(--svc-border); stroke-width: 1; }
.empty { margin: auto; color: var(--svc-muted); font-size: 13px; }
.kpi { margin: auto 0; font-size: 34px; font-weight: 650; letter-spacing: -.02em; color: var(--svc-primary); }
.text-widget { margin: 0; overflow: auto; color: var(--svc-text); white-space: pre-wrap; line-height: 1.45; }
.text-title { font-size: 15px; }
.export-menu { display: inline-flex; gap: 4px; }
.chip {
  align-self: flex-start; display: inline-flex; gap: 6px; align-items: center; border-radius: 999px;
  padding: 4px 12px; font-size: 13px; border: 1px solid var(--svc-border); background: var(--svc-soft);
}
.chip[data-active="true"] { border-color: var(--svc-primary); color: var(--svc-primary); font-weight: 600; }
.segmented { display: inline-flex; flex-wrap: wrap; max-width: 100%; align-self: flex-start; border: 1px solid var(--svc-border); border-radius: var(--svc-radius); overflow: hidden; }
.segmented button { border: 0; background: transparent; padding: 4px 8px; cursor: pointer; font-size: 12px; }
.segmented button + button { border-left: 1px solid var(--svc-border); }
.segmented button[aria-pressed="true"] { background: var(--svc-primary); color: #fff; font-weight: 600; }
.app { display: grid; grid-template-columns: 210px minmax(0, 1fr); gap: 16px; align-items: start; }
.nav { padding: 10px; display: flex; flex-direction: column; gap: 2px; }
.nav h2 { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; margin: 10px 8px 4px; color: var(--svc-muted); }
.nav a { padding: 6px 8px; border-radius: calc(var(--svc-radius) / 2); color: var(--svc-text); }
.nav a[aria-current="page"] { background: var(--svc-soft); color: var(--svc-primary); font-weight: 600; }
.main h1 { font-size: 22px; margin: 0; font-weight: 650; letter-spacing: -.01em; }
.main { display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.crumbs { display: flex; gap: 6px; font-size: 12px; color: var(--svc-muted); }
.list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 10px; }
.list a { display: block; color: var(--svc-text); }
.list a:hover { text-decoration: none; }
.list .card { padding: 12px 14px; }
.list a:hover .card { border-color: var(--svc-primary); }
.list small { display: block; color: var(--svc-muted); }
.panel { padding: 14px; display: flex; flex-direction: column; gap: 10px; min-height: 260px; }
.panel .chart { height: 220px; flex: none; }
.chat { display: grid; grid-template-columns: 200px minmax(0, 1fr); gap: 12px; flex: 1; min-height: 0; }
.chat[data-history="false"] { grid-template-columns: minmax(0, 1fr); }
.chat-history { padding: 10px; display: flex; flex-direction: column; gap: 4px; font-size: 13px; }
.chat-history h2 { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; margin: 4px 4px 6px; color: var(--svc-muted); }
.chat-history button { text-align: left; background: transparent; border: 0; padding: 6px; border-radius: 6px; cursor: pointer; }
.chat-history button:hover { background: var(--svc-soft); }
.chat-panel { background: var(--svc-chat-bg); display: flex; flex-direction: column; min-height: 420px; }
.chat-head { display: flex; justify-content: space-between; align-items: center; padding: 10px 14px; border-bottom: 1px solid var(--svc-border); }
.chat-head h1 { font-size: 15px; margin: 0; }
.messages { flex: 1; overflow: auto; padding: 14px; display: flex; flex-direction: column; gap: 10px; }
.msg { max-width: 80%; padding: 8px 12px; border-radius: var(--svc-radius); white-space: pre-wrap; }
.msg-user { align-self: flex-end; background: var(--svc-primary); color: #fff; }
.msg-assistant { align-self: flex-start; background: var(--svc-soft); }
.msg-assistant[data-status="error"] { color: var(--svc-danger); }
.suggestions { display: flex; flex-wrap: wrap; gap: 6px; }
.chat-form { padding: 10px 14px; border-top: 1px solid var(--svc-border); }
.chat-form .input {
  background: var(--svc-chat-input-bg); border-color: var(--svc-chat-input-border); color: var(--svc-chat-input-color);
}
.error-state { margin: 12vh auto; max-width: 440px; padding: 24px; text-align: center; }
.error-state h1 { font-size: 17px; margin: 8px 0; }
.error-state code { font-size: 12px; color: var(--svc-danger); }
.error-icon { font-size: 28px; color: var(--svc-danger); }
.session-expired {
  position: fixed; inset: 0; display: flex; align-items: flex-start; justify-content: center;
  background: color-mix(in srgb, var(--svc-bg, #fff) 70%, transparent);
}
@media (max-width: 640px) {
  .grid { grid-template-columns: minmax(0, 1fr); }
  .widget { grid-column: auto; grid-row: auto / span var(--h); }
  .app, .chat { grid-template-columns: minmax(0, 1fr); }
}
`;

/** Adds the page's style sheet to the document once. */
export function installStyles(doc: Document): void {
  if (doc.getElementById('svc-emulator-styles')) return;
  const style = doc.createElement('style');
  style.id = 'svc-emulator-styles';
  style.textContent = PAGE_STYLES;
  doc.head.append(style);
}
