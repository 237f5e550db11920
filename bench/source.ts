// Which code the benchmark builds: the working tree, or a clean copy of a commit (--ref).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface SiteSource {
	dir: string;
	description: string;
	dispose(): Promise<void>;
}

const git = (args: string[], cwd = process.cwd()) =>
	execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/**
 * The working tree as it is, or with `ref` an exported copy of that commit, so a benchmark is
 * not disturbed by edits others are making meanwhile. The copy shares this tree's node_modules
 * when its lockfile is the same, and installs its own otherwise (an earlier release's
 * dependencies: npm's registry, a minute or two).
 */
export async function siteSource(ref?: string): Promise<SiteSource> {
	if (!ref) {
		const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
		return {
			dir: process.cwd(),
			description: `working tree at ${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' with uncommitted changes' : ''}`,
			dispose: async () => {},
		};
	}
	const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
	const dir = await mkdtemp(path.join(os.tmpdir(), 'contech-bench-src-'));
	execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${dir}"`]);
	const lock = (at: string) => readFileSync(path.join(at, 'package-lock.json'), 'utf8');
	if (lock(dir) === lock(process.cwd()))
		await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
	else
		execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: dir,
			stdio: 'ignore',
		});
	return {
		dir,
		description: `commit ${commit} (${git(['log', '-1', '--format=%s', commit])})`,
		dispose: () => rm(dir, { recursive: true, force: true }),
	};
}
