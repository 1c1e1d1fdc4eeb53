import { bundleWithEsbuild } from './size.mjs';
const { js } = await bundleWithEsbuild(`export { SvcDashboard } from '${process.cwd()}/dist/index.js';`);
process.stdout.write(js);
