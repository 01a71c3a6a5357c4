import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/**
 * Layers and features kept apart by lint (eslint-plugin-import-x: see the README's "Code layout").
 * Frontends: `lib/` and `components/` are shared by features and never import them; a feature
 * reaches another feature, and the app shell (`layout/`) reaches any feature, only through the
 * feature's public `index.ts`. The API: routes call decorated repositories and services, never `db/`.
 */
const FRONTENDS = ['remote-public', 'remote-catalog', 'remote-cms', 'remote-notifications', 'shell', 'shared-auth'];

const featuresOf = (pkg) => {
  try {
    return readdirSync(`${pkg}/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const frontendZones = FRONTENDS.flatMap((pkg) => {
  const features = featuresOf(pkg);
  const root = `./${pkg}/src`;
  const shared = ['lib', 'components'].map((layer) => ({
    target: `${root}/${layer}`,
    from: `${root}/features`,
    message: `${layer}/ is shared by every feature: move what it needs out of the feature, or the code into the feature.`,
  }));
  const throughIndex = (target) => (feature) => ({
    target,
    from: `${root}/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the feature through its public file (features/${feature}/index.ts).`,
  });
  const betweenFeatures = features.flatMap((feature) =>
    features.filter((other) => other !== feature).map((other) => throughIndex(`${root}/features/${feature}`)(other)),
  );
  const fromShell = features.map(throughIndex(`${root}/layout`));
  return [...shared, ...betweenFeatures, ...fromShell];
});

const apiZones = [
  {
    target: './infra/api/src/routes',
    from: './infra/api/src/db',
    message: 'Routes validate, authorise and call decorated repositories or services (fastify.deals, fastify.adminTables…); only those touch db/.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'out/**', '**/test-results/**', 'infra/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json', 'infra/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['infra/api/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones }] },
  },
  {
    files: FRONTENDS.map((pkg) => `${pkg}/**/*.{ts,tsx}`),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: frontendZones }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@deals/api', '@deals/api/*'], message: 'Frontends build against @deals/contract, never the server package.' }] },
      ],
    },
  },
  {
    files: ['**/*.{mjs,js,cjs}', 'infra/api/**/*.ts', 'infra/e2e/**/*.ts', '**/*.config.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
