// A digest of files, for the build steps that skip work whose inputs did not change.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A hash of every file under `paths` (relative to `root`; a folder counts with everything in it), by name and
 * content, in a fixed order. A path that does not exist adds nothing.
 */
export function digestFiles(root, paths) {
  const hash = createHash('sha256');
  for (const path of paths.map((name) => join(root, name))) {
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
      : [path];
    for (const file of files.sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
