/** Types of `size.mjs`, for the size-budget test that imports it. */
export interface SizeCase {
  readonly name: string;
  readonly what: string;
  readonly code: string;
  readonly ours?: boolean;
}
export declare const SIZE_CASES: readonly SizeCase[];
export declare function bundleForBrowser(code: string): Promise<{ js: string; modules: string[] }>;
export declare function bundleWithEsbuild(code: string): Promise<{ js: string; modules: string[] }>;
export declare function measureBundle(
  code: string,
  bundler?: 'rolldown' | 'esbuild',
): Promise<{ minified: number; gzip: number; modules: string[] }>;
export declare function measureSizes(): Promise<
  (SizeCase & { minified?: number; gzip?: number; esbuildGzip?: number; error?: string })[]
>;
