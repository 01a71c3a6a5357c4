import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['**/*.{mjs,js,cjs}', 'infra/api/**/*.ts', 'infra/e2e/**/*.ts', '**/*.config.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
