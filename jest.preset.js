// Native-ESM Jest with @swc/jest: runs ESM-only packages (got, p-queue, the MCP SDK) unchanged.
// The `@skill-service/source` condition makes workspace packages resolve to their TypeScript sources.
export default {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@skill-service/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
