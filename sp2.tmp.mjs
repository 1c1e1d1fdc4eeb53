import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ stdin: { contents: "export { SvcDashboard } from './src/index.ts';", resolveDir: process.cwd(), loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, metafile: true, external: ['react', 'react-dom', 'react/*', 'react-dom/*'], define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent' });
const js = r.outputFiles[0].text;
console.log('total', js.length, 'gzip', gzipSync(js, { level: 9 }).length);
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs).map(([k, v]) => [v.bytesInOutput, k]).sort((a, b) => b[0] - a[0]).slice(0, 22);
for (const [b, k] of rows) console.log(b, k);
