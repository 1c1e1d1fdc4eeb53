import { rolldown } from 'rolldown';
import { gzipSync } from 'node:zlib';
const input = process.argv[2];
const bundle = await rolldown({ input, platform:'browser', external:[/^react($|\/)/,/^react-dom/,/zod/], logLevel:'silent', transform:{define:{'process.env.NODE_ENV':'"production"'}}});
const { output } = await bundle.generate({ format: 'es', minify: true });
const c = output[0];
console.log('total', c.code.length, gzipSync(c.code,{level:9}).length);
const mods = Object.entries(c.modules).map(([id,m])=>[m.renderedLength,id.replace(/.*node_modules\//,'nm/').replace('/work/main/','')]).sort((a,b)=>b[0]-a[0]);
for (const m of mods) console.log('  ', m[0], m[1]);
