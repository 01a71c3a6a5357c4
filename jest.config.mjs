// One jest run over every frontend package: jsdom, SWC for TypeScript/JSX, CSS imports stubbed.
const FRONTEND_PACKAGES = ['shared-auth', 'shell', 'remote-public', 'remote-catalog', 'remote-cms', 'remote-notifications'];

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

export default {
  // antd screens driven by user-event are slow on a busy 2-core machine; the default 5 s flakes,
  // and a test may wait up to 15 s on each of several findBy calls (infra/build/jest/setup.ts).
  testTimeout: 60_000,
  projects: FRONTEND_PACKAGES.map((name) => ({
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.[jt]sx?$': ['@swc/jest', swc] },
    // antd and its helpers ship ESM that jest must transform too.
    transformIgnorePatterns: ['/node_modules/(?!(antd|@ant-design|rc-[^/]+|@rc-component|@babel/runtime)/)'],
    moduleNameMapper: { '\\.(css|less)$': '<rootDir>/../infra/build/jest/style-stub.cjs' },
    // Workspace packages (the contract) are tested from their TypeScript, like the bundles use them.
    testEnvironmentOptions: { customExportConditions: ['deals-source', 'browser'] },
    setupFilesAfterEnv: ['<rootDir>/../infra/build/jest/setup.ts'],
  })),
};
