/**
 * Whether development-only checks run. Bundlers replace `process.env.NODE_ENV`; where there is no `process`
 * (a plain browser module) the checks run, which only costs a warning.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}
