import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', '.bench/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fastify handlers are async by convention; many gain an await once they read the store.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take time from the injected Clock (src/lib/clock.ts).' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Only src/config reads the environment; take settings from Config.',
        },
      ],
    },
  },
  {
    // The per-request path: there each such literal gets a hidden class of its own, which keeps whole
    // requests alive through young-generation collections (ADR 0006).
    files: ['src/http/prepared/**', 'src/http/access/**', 'src/http/client-ip.ts', 'src/http/edge/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Only src/config reads the environment; take settings from Config.',
        },
        {
          selector: "ObjectExpression > Property[kind='get'], ObjectExpression > Property[kind='set']",
          message:
            'No accessors in object literals on the request path: put the getter on a class (see RawClient in src/http/client-ip.ts).',
        },
      ],
    },
  },
  {
    files: ['src/config/**', 'src/lib/clock.ts', 'test/**', 'bench/**', 'scripts/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly' } },
    rules: { 'no-restricted-syntax': 'off' },
  },
);
