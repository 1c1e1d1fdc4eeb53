// Runs the commands given as arguments at the same time and fails when any of them fails: `npm test` uses it
// for steps that need nothing from each other (type-checking beside the installs of the consumer projects,
// the Node tests beside the Chromium tests), so a step that mostly waits (an install, a browser page) lends its
// core to one that computes.
//
//   node test/config/concurrently.mjs "label=command" ...
//
// Each command runs in a shell, in its own process group. Its output is kept and printed as one block when it
// ends (interleaved lines of two test runs are unreadable), preceded by its label, its outcome and its time.
// Every command runs to its end even when another failed, so one run reports every failure. An interrupt stops
// every group, so nothing outlives the run.
import { spawn } from 'node:child_process';

const steps = process.argv.slice(2).map((argument) => {
  const separator = argument.indexOf('=');
  // A label is a plain word; without one, the command is its own label.
  return separator > 0 && /^[\w:-]+$/.test(argument.slice(0, separator))
    ? { label: argument.slice(0, separator), command: argument.slice(separator + 1) }
    : { label: argument, command: argument };
});
if (steps.length === 0) {
  console.error('usage: node test/config/concurrently.mjs "label=command" ...');
  process.exit(2);
}

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const running = new Set();

/** Signals a step's whole group: a shell's children (npm, vitest, its workers) would outlive the shell alone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has exited already.
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) signalGroup(child, signal);
    process.exit(130);
  });
}

console.log(`[concurrently] ${steps.map((step) => step.label).join(', ')}`);

const results = await Promise.all(
  steps.map(
    ({ label, command }) =>
      new Promise((resolve) => {
        const since = Date.now();
        const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        running.add(child);
        const chunks = [];
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.once('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
        child.once('close', (code, signal) => {
          running.delete(child);
          const ok = code === 0;
          const outcome = ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n── ${label}: ${outcome} in ${seconds(since)} ── ${command}\n`);
          process.stdout.write(Buffer.concat(chunks));
          resolve({ label, ok, time: seconds(since) });
        });
      }),
  ),
);

const failed = results.filter((result) => !result.ok);
console.log(
  `\n[concurrently] ${results.map((result) => `${result.label} ${result.ok ? 'passed' : 'FAILED'} (${result.time})`).join(', ')}; all in ${seconds(started)}`,
);
process.exit(failed.length > 0 ? 1 : 0);
