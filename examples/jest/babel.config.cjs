// The Babel set-up a React + TypeScript app already has for babel-jest; nothing here is for svc-embed-react.
module.exports = {
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' } }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
};
