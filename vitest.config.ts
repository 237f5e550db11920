import { availableParallelism } from 'node:os';
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
						'tests/server/**/*.test.ts',
						'tests/integrations/**/*.test.ts',
						'tests/newsletter/**/*.test.ts',
						'tests/mail/**/*.test.ts',
						'tests/bench/**/*.test.ts',
						'tests/docs/**/*.test.ts',
					],
					exclude: ['**/node_modules/**', 'tests/server/**/*.site.test.ts'],
					// Two files at a time at least: vitest's default (one worker fewer than the cores)
					// is one on a 2-core CI machine, where this project then ran a file at a time.
					// Files whose server builds take turns (takeBuildLock, tests/helpers/processes.ts).
					maxWorkers: Math.max(2, availableParallelism() - 1),
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				test: {
					// Real owner processes killed, raced and fed garbage: one file at a time on 2 cores.
					name: 'faults',
					include: ['tests/faults/**/*.test.ts'],
					fileParallelism: false,
					testTimeout: 120_000,
					hookTimeout: 120_000,
				},
			},
			{
				test: {
					name: 'site',
					include: ['tests/site/**/*.test.ts', 'tests/server/**/*.site.test.ts'],
					globalSetup: ['tests/site/global-setup.ts'],
					fileParallelism: false,
					testTimeout: 60_000,
					hookTimeout: 120_000,
				},
			},
		],
	},
});
