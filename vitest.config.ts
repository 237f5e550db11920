import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		projects: [
			{
				test: {
					name: 'unit',
					include: [
						'src/**/*.test.ts',
						'tests/store/**/*.test.ts',
						'tests/functions/**/*.test.ts',
						'tests/editor/**/*.test.ts',
						'tests/newsletter/**/*.test.ts',
					],
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				test: {
					name: 'site',
					include: ['tests/site/**/*.test.ts'],
					globalSetup: ['tests/site/global-setup.ts'],
					fileParallelism: false,
					testTimeout: 60_000,
					hookTimeout: 120_000,
				},
			},
		],
	},
});
