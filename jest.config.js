/** Unit specs live beside the code; black-box specs in test/ boot the real app against real PostgreSQL and Redis. */
const moduleNameMapper = {
  '^@app/(domain|config|common|database|webhooks|dataset|search)$': '<rootDir>/libs/$1/src',
  '^@app/(domain|config|common|database|webhooks|dataset|search)/(.*)$': '<rootDir>/libs/$1/src/$2',
  // Test-only helpers (seeded randomness, a local DNS server, ...) for unit specs beside the code; never built into dist/.
  '^@test/support/(.*)$': '<rootDir>/test/support/$1',
};
// NestJS 12 ships ES modules only, which Jest on Node 20 cannot load: black-box specs therefore run
// the built apps as child processes (as production does), and unit specs cover plain functions.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json', diagnostics: false }] };
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  transform,
};

module.exports = {
  // Global: jest-circus reads the hook and test timeout from the global config, not from a project.
  testTimeout: 60000,
  // Two files at a time on two cores: a black-box file spends most of its time waiting on its child processes
  // and PostgreSQL, and each jest worker has its own Redis database and test databases.
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/apps/**/*.spec.ts', '<rootDir>/libs/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      testTimeout: 60000,
      slowTestThreshold: 30,
    },
  ],
};
