import { rolldown } from 'rolldown';
const bundle = await rolldown({ input: '/tmp/sz/dce/a.js', platform:'browser', logLevel:'silent', transform:{define:{'process.env.NODE_ENV':'"production"'}}});
const { output } = await bundle.generate({ format: 'es', minify: true });
console.log(output[0].code);
