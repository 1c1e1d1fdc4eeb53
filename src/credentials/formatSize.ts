/**
 * A size for people: `512 B`, `16.0 KB`, `4.0 MB` (units of 1,024). The inspector counts a string's size in
 * characters, which is its size in bytes for the ASCII text messages mostly carry.
 */
export function formatSize(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
