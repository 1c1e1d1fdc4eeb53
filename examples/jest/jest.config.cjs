// The same tests under both TypeScript transforms an app may use. Each project is the whole Jest
// configuration such an app needs for svc-embed-react: the jsdom environment and its usual transform.
module.exports = {
  projects: [
    {
      displayName: 'babel-jest',
      testEnvironment: 'jsdom',
    },
    {
      displayName: 'ts-jest',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': 'ts-jest' },
    },
  ],
};
