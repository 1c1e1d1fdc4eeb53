// The credential scrubber's cost over 1 MB of adversarial text: `node bench/scrub.mjs` (`npm run bench` runs it
// too). The scrubber is internal (the developer tools, debug reports and the server client use it), so it is
// bundled here from the source, as a production build would ship it.
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** The promise the scrubber keeps: 1 MB of any content in well under this, with up to the remembered maximum of secrets. */
export const SCRUB_GOAL_MS = 100;
const MB = 1024 * 1024;

/** `unit` repeated to 1 MB (cut at 1 MB). */
const fill = (unit) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

/** Deterministic pseudo-random numbers, so every run scrubs the same text. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** 1 MB of characters drawn from `alphabet`. */
function drawn(alphabet, seed) {
  const next = random(seed);
  const parts = [];
  for (let length = 0; length < MB; ) {
    const part = alphabet[Math.floor(next() * alphabet.length)];
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, MB);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/** Secrets as a page remembers them: session ids of 32 base64url characters. */
function secrets(count) {
  return Array.from({ length: count }, (_, i) => `sess-${i.toString(36)}-${randomBytes(24).toString('base64url')}`);
}

/**
 * The inputs: each one aimed at a rule's weak spot (a pattern's retries, a decoder's escapes, the automaton's
 * failure moves), and ordinary JSON and text for comparison. `remembered` secrets are echoed in some of them. Each is made when it is measured.
 */
function inputs(remembered) {
  const some = remembered.slice(0, 16);
  const json = JSON.stringify(
    Array.from({ length: 6000 }, (_, i) => ({
      id: i,
      url: `https://app.example.com/embed?session=${some[i % some.length] ?? 'x'}&next=%2Fa%3Ftoken%3D${i}`,
      note: `echo ${remembered[i % Math.max(1, remembered.length)] ?? 'nothing'} and Bearer abc.${i}`,
      headers: [['x-api-key', `k${i}`], ['accept', 'text/html']],
    })),
  );
  return {
    'eyJ- runs': () => fill('eyJ-'),
    'eyJ with dots': () => fill('eyJhbGciOi.eyJ'),
    'one base64 run': () => drawn(BASE64, 1),
    'base64 of known secrets': () => fill(remembered.map((s) => Buffer.from(s).toString('base64')).join('') || 'c2Vzcw'),
    'Authorization headers': () => fill('Authorization: Digest username="u", nonce="n", response="r"\n'),
    'Authorization names only': () => fill('authorization:authorization='),
    'Bearer words': () => fill('Bearer Bearer%20'),
    'percent escapes': () => drawn(['%25', '%2F', '%3D', '%26', '%5C', '%22', 'a', '%'], 2),
    'percent-encoded secrets': () => fill(some.map((s) => encodeURIComponent(encodeURIComponent(s))).join('%26') || '%2541'),
    'backslashes': () => fill('\\\\\\\\\\\\\\"'),
    'unicode escapes': () => fill('\\u0022\\u003d\\u0026'),
    'names without values': () => fill('token=&session:'),
    'names before a bracket': () => fill('token={'),
    'pairs': () => fill('["x-api-key",'),
    'user info': () => fill('https://u:'),
    'raw authorities without an @': () => fill('//a:b'),
    'one run of encoded percent signs': () => `%${fill('25')}`.slice(0, MB),
    'keys whose value never closes': () => fill('"token":"'),
    'starts of a remembered secret': () => fill(`${(remembered[0] ?? 'sess-0-abcdefgh').slice(0, -6)} `),
    'JSON with secrets': () => json,
    'random text': () => drawn(PRINTABLE, 3),
  };
}

/** This process's processor time in milliseconds: on a shared machine, what the scrubber itself cost. */
function processorMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Milliseconds of `run()` after one warm-up, over `runs` runs: the median and slowest of the wall clock and
 * of this process's processor time (which other work on a busy machine does not inflate).
 */
function time(run, runs) {
  run();
  const wall = [];
  const processor = [];
  for (let i = 0; i < runs; i++) {
    // Each run starts from a collected heap (when node runs with --expose-gc, as `npm run bench` does), so no run
    // pays for the garbage of making the inputs or of the run before it.
    globalThis.gc?.();
    const start = performance.now();
    const startProcessor = processorMs();
    run();
    processor.push(processorMs() - startProcessor);
    wall.push(performance.now() - start);
  }
  const sorted = (values) => [...values].sort((a, b) => a - b);
  return { median: sorted(wall)[Math.floor(runs / 2)], max: sorted(wall)[runs - 1], processorMedian: sorted(processor)[Math.floor(runs / 2)] };
}

/** Bundles the scrubber from the source; returns its functions. */
async function loadScrubber() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-scrub-'));
  const outfile = join(dir, 'scrubber.mjs');
  try {
    await build({
      stdin: {
        contents: "export { redactShownText } from './src/credentials/redactShownText.ts'; export { rememberSecret, forgetSecrets, MAX_REMEMBERED_SECRETS } from './src/credentials/rememberSecret.ts';",
        resolveDir: repo,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      minify: !process.env.SCRUB_UNMINIFIED,
      outfile,
      logLevel: 'silent',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Scrubs each input with no secret remembered and with the most the page remembers; returns one row per
 * input and count, and the time to build the matcher of that many secrets.
 */
export async function measureScrub({ runs = 5, only } = {}) {
  const { redactShownText, rememberSecret, forgetSecrets, MAX_REMEMBERED_SECRETS } = await loadScrubber();
  const rows = [];
  let build = 0;
  for (const count of [0, MAX_REMEMBERED_SECRETS]) {
    forgetSecrets();
    const remembered = secrets(count);
    for (const secret of remembered) rememberSecret(secret);
    // The first scrub builds the matcher of the remembered secrets; the page keeps it until they change.
    const start = performance.now();
    redactShownText('');
    if (count > 0) build = performance.now() - start;
    for (const [name, make] of Object.entries(inputs(remembered))) {
      if (only !== undefined && !name.includes(only)) continue;
      const text = make();
      let output = '';
      const timing = time(() => {
        output = redactShownText(text);
      }, runs);
      rows.push({ input: name, secrets: count, chars: text.length, ...timing, redacted: output.split('[redacted]').length - 1 });
    }
  }
  forgetSecrets();
  return { rows, buildMs: build, goalMs: SCRUB_GOAL_MS, secrets: MAX_REMEMBERED_SECRETS };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `node bench/scrub.mjs percent` scrubs only the inputs whose name holds `percent`.
  const { rows, buildMs, goalMs, secrets: most } = await measureScrub({ only: process.argv[2] });
  const worst = rows.reduce((a, b) => (b.processorMedian > a.processorMedian ? b : a));
  console.log('| 1 MB input | secrets | median ms (processor) | median / slowest ms (wall clock) | redactions |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.input} | ${row.secrets} | ${row.processorMedian.toFixed(1)} | ${row.median.toFixed(1)} / ${row.max.toFixed(1)} | ${row.redacted} |`);
  console.log(`\nworst: ${worst.input} with ${worst.secrets} secrets, ${worst.processorMedian.toFixed(1)} ms of processor time (goal < ${goalMs} ms); matcher of ${most} secrets built in ${buildMs.toFixed(1)} ms`);
}
