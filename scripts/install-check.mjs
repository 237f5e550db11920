// `npm install`'s last step (package.json "postinstall"): one line saying which Node runs the
// project, then only what needs a look. Plain JavaScript: it must also run, and say what is
// wrong, when the project's Node 24 did not install.
//
// Why: npm runs on the Node of the shell that calls it (20 on this machine) and checks every
// package's "engines" against that Node, so a fresh install printed about 240 lines of EBADENGINE
// for packages that need Node 22 or 24, which is what the project runs on (the "node"
// devDependency: npm run and npx put node_modules/.bin first on the PATH). npm cannot silence one
// warning code, so .npmrc shows its errors only, and this script reports what those warnings
// would have told that matters:
//
// - a package whose "engines" the project's own Node does not satisfy;
// - a dependency npm installed against a peer's range (`npm ls` "invalid", an ERESOLVE override);
// - a package with install scripts that package.json's allowScripts does not decide.
//
// It never fails the install: it prints, and exits 0.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npmCli = process.env.npm_execpath;
const notes = [];

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
/** npm itself, on the Node running this script (the project's, under npm). */
function npm(args) {
	const [command, prefix] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
	const run = spawnSync(command, [...prefix, ...args, '--loglevel=error'], {
		cwd: root,
		encoding: 'utf8',
		timeout: 60_000,
	});
	return run.error ? undefined : run;
}

/** semver from the project's tree, else npm's own copy. */
let semver;
for (const from of [path.join(root, 'package.json'), npmCli].filter(Boolean)) {
	try {
		semver = createRequire(from)('semver');
		break;
	} catch {
		// Try the next.
	}
}

let projectNode;
try {
	projectNode = `v${readJson('node_modules/node/package.json').version}`;
} catch {
	notes.push(
		'the project\'s Node 24 is missing from node_modules (the "node" devDependency): run `npm install` again',
	);
}
// "npm/11.19.1 node/v20.20.2 linux x64 workspaces/false"
const npmNode = /node\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];

if (projectNode) {
	console.log(
		npmNode && npmNode.split('.')[0] !== projectNode.split('.')[0]
			? `Node ${projectNode} from node_modules runs this project (npm start, npm test, npx); npm ran on ${npmNode}, so its engine notices are off (see .npmrc).`
			: `Node ${projectNode} from node_modules runs this project (npm start, npm test, npx).`,
	);

	// Every installed package's "engines", against the Node that will run it.
	try {
		const installed = readJson('node_modules/.package-lock.json').packages;
		for (const [where, entry] of Object.entries(installed)) {
			const wanted = entry.engines?.node;
			if (!wanted || typeof wanted !== 'string' || !semver) continue;
			if (!semver.satisfies(projectNode, wanted, { includePrerelease: true }))
				notes.push(
					`${where.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${wanted}, not ${projectNode}`,
				);
		}
	} catch (error) {
		notes.push(`could not check the packages' engines: ${error.message}`);
	}
}

// Dependencies installed against a range they do not satisfy, a peer's above all (what an
// ERESOLVE override leaves behind). Not a dist-tag: `npm ls` calls a dependency wanted as
// "latest" invalid as soon as the registry has moved on, which npm install never warns about.
const ls = npm(['ls', '--all', '--json']);
if (ls && semver) {
	const walk = (dependencies = {}) => {
		for (const [name, dependency] of Object.entries(dependencies)) {
			const wanted = /^"(.*)" from (.*)$/.exec(dependency.invalid ?? '');
			if (wanted && semver.validRange(wanted[1]))
				notes.push(`${name}@${dependency.version} does not satisfy "${wanted[1]}" of ${wanted[2]}`);
			walk(dependency.dependencies);
		}
	};
	try {
		walk(JSON.parse(ls.stdout).dependencies);
	} catch {
		// An npm without JSON output: nothing to add.
	}
}

// Install scripts that allowScripts neither allows nor denies: npm did not run them.
const scripts = npm(['install-scripts', 'ls']);
if (scripts?.status === 0 && /not yet covered by allowScripts/.test(scripts.stdout)) {
	notes.push(
		...scripts.stdout
			.trim()
			.split('\n')
			.filter((line) => line.trim()),
	);
}

for (const note of notes) console.warn(`install check: ${note}`);
