import { rolldown } from 'rolldown';
const bundle = await rolldown({ input: '/tmp/sz/e-protocol.js', platform:'browser', external:[/^react/], logLevel:'silent', transform:{define:{'process.env.NODE_ENV':'"production"'}}});
const { output } = await bundle.generate({ format: 'es', minify: true });
const c = output[0].code; console.log(c.length, /safe id/.test(c), c.slice(0,300), c.match(/.{60}typeof process.{60}/g));
