import { rolldown } from 'rolldown';
import { gzipSync } from 'node:zlib';
import { readdirSync } from 'node:fs';
const g = (s) => gzipSync(s,{level:9}).length;
const rows = [];
for (const f of readdirSync('/work/main/src/protocol')) {
  if (f === 'index.ts') continue;
  const b = await rolldown({ input: '/work/main/src/protocol/' + f, platform:'browser', external: (id, imp) => imp !== undefined && !id.includes('isDevelopment'), logLevel:'silent', transform:{define:{'process.env.NODE_ENV':'"production"'}}});
  const { output } = await b.generate({ format: 'es', minify: true });
  const code = output[0].code.replace(/^import[^;]*;/gm, '').replace(/export\{[^}]*\};?$/,'');
  rows.push([g(code), code.length, f]);
}
rows.sort((a,b)=>b[0]-a[0]); for (const r of rows) console.log(r.join('\t'));
