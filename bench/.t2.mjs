import { rolldown } from 'rolldown';
const bundle = await rolldown({ input: '/tmp/sz/e-protocol.js', platform:'browser', external:[/^react/], logLevel:'silent', transform:{define:{'process.env.NODE_ENV':'"production"'}}});
const { output } = await bundle.generate({ format: 'es', minify: true });
const c = output[0].code; const i = c.indexOf('safe id'); console.log(c.slice(i-400, i+50)); const j = c.indexOf('production'); console.log('prod at', j, c.slice(j-100,j+100));
const k = c.search(/[,;]A=/); console.log(c.slice(k-50, k+80));
