import { rolldown } from 'rolldown';
import { gzipSync } from 'node:zlib';
for (const [name, input, ext] of [['react', '/work/main/dist/index.js', []], ['protocol', '/work/main/dist/protocol/index.js', []]]) {
  const bundle = await rolldown({ input: '/tmp/sz/e-'+name+'.js', platform:'browser', external:[/^react($|\/)/,/^react-dom/], logLevel:'silent', transform:{define:{'process.env.NODE_ENV':'"production"'}}});
  const { output } = await bundle.generate({ format: 'es', minify: true });
  const c = output[0];
  console.log(name, 'total', c.code.length, gzipSync(c.code,{level:9}).length);
  const mods = Object.entries(c.modules).map(([id,m])=>[m.renderedLength,id.replace(/.*node_modules\//,'nm/').replace('/work/main/','')]).sort((a,b)=>b[0]-a[0]);
  let zod=0; for (const [l,id] of mods) if (id.includes('zod')) zod+=l;
  console.log(' zod rendered (unminified) total', zod);
  for (const m of mods.slice(0,25)) console.log('  ', m[0], m[1]);
}
