// A lock shared by processes of one run: the static playground's build and the Next.js example's install are
// each wanted by a step of `npm test` and by the test files that use them, which may find them missing at the
// same moment. The lock is a directory, which only one `mkdir` can create.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** A lock this old is left by a run that died while holding it: it is taken over. */
const STALE_MS = 600_000;

/**
 * Runs `work` while holding the lock at `lock` (a directory path), waiting in steps of 200 ms while another
 * process holds it. `timeoutMs` bounds the wait: past it, the call throws, naming the lock.
 */
export function withDirectoryLock(lock, work, { timeoutMs = Number.POSITIVE_INFINITY } = {}) {
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} stayed locked for ${timeoutMs / 1000} s`);
      // A synchronous wait: the callers run it in set-up code that has nothing else to do meanwhile.
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
