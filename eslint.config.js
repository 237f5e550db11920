// @ts-check
// `npm run lint` (and `npm test`): the recommended rule sets of ESLint, typescript-eslint,
// React hooks and Astro, plus one import style. Formatting is prettier's job, not ESLint's.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One import style: a relative import names the file it imports, extension included
// (`./paths.ts`, not `./paths`), as Node's own ESM resolution and `npm run editor` need.
const EXTENSIONLESS = String.raw`/^\.\.?\/(?:.*\/)?[^/.]+$/`;
const message = 'Name the file with its extension (./module.ts): one import style.';

export default tseslint.config(
	{
		ignores: ['dist/', 'dist.*/', '.data/', '.astro/', '.netlify/', 'node_modules/', 'public/'],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	...astro.configs['flat/recommended'],
	{
		files: ['**/*.{ts,tsx}'],
		...reactHooks.configs.flat['recommended-latest'],
	},
	{
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		rules: {
			'no-restricted-syntax': [
				'error',
				{ selector: `ImportDeclaration[source.value=${EXTENSIONLESS}]`, message },
				{ selector: `ExportNamedDeclaration[source.value=${EXTENSIONLESS}]`, message },
				{ selector: `ExportAllDeclaration[source.value=${EXTENSIONLESS}]`, message },
				{ selector: `ImportExpression[source.value=${EXTENSIONLESS}]`, message },
			],
			// Input validation matches control characters on purpose (fields.server.ts).
			'no-control-regex': 'off',
			// `_`-prefixed names are unused on purpose (a parameter a signature requires).
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
			],
		},
	},
);
