/** How long to wait for the lock. */
export interface DirectoryLockOptions {
  /**
   * Milliseconds to wait for another process to release the lock before throwing.
   * @default Infinity
   */
  readonly timeoutMs?: number;
}

/**
 * Runs `work` while holding a lock across processes (a directory only one `mkdir` can create), and returns what
 * it returns. A lock older than ten minutes is left by a run that died, and is taken over.
 */
export function withDirectoryLock<T>(lock: string, work: () => T, options?: DirectoryLockOptions): T;
