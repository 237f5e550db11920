// The editor's words for what a connection does (`link --direction --moves --via --status`),
// checked against the vocabulary the database enforces (integrations/details.ts) before
// anything is written. A wrong word is a usage error (exit 2) that lists the right ones.
import {
	type Flow,
	MOVE_KEYS,
	type Move,
	orderedMoves,
	STATUS_KEYS,
	type Status,
	type Via,
	VIA_KEYS,
} from '../integrations/details.ts';
import { type IntegrationKind, kindOfVia } from '../integrations/types.ts';
import { UsageError } from './cli.ts';

/** `--direction`, said from the first tool named: `a-to-b`, `b-to-a` or `both`. */
export function parseDirection(raw: string | undefined): Flow | null {
	if (raw === undefined) return null;
	const flow = { 'a-to-b': 'out', 'b-to-a': 'in', both: 'both' }[
		raw.trim().toLowerCase().replaceAll('_', '-')
	];
	if (!flow)
		throw new UsageError(
			'--direction must be a-to-b (from the first tool named to the second), b-to-a or both',
		);
	return flow as Flow;
}

const word = (raw: string) => raw.trim().toLowerCase().replaceAll('-', '_');

/** `--moves budgets,commitments,...`: items of the vocabulary, each once, in its order. */
export function parseMoves(raw: string | undefined): Move[] | null {
	if (raw === undefined) return null;
	const items = raw.split(',').map(word).filter(Boolean);
	if (!items.length) throw new UsageError(`--moves needs items, from: ${MOVE_KEYS.join(', ')}`);
	const unknown = items.filter((item) => !MOVE_KEYS.includes(item as Move));
	if (unknown.length)
		throw new UsageError(
			`--moves: unknown ${unknown.map((item) => `"${item}"`).join(', ')}; use: ${MOVE_KEYS.join(', ')}`,
		);
	return orderedMoves(items as Move[]);
}

/**
 * `--via built-in|marketplace-app|file-exchange` or a middleware service's name (`--via
 * Agave`): a name that looks like a mistyped word of the vocabulary is refused, not taken for
 * a service.
 */
export function parseVia(raw: string | undefined): { via: Via; service: string | null } | null {
	if (raw === undefined) return null;
	const text = raw.trim();
	const known = VIA_KEYS.find((via) => via === word(text));
	const help = `--via is built-in, marketplace-app, file-exchange, or the name of the middleware service (Agave, hh2, Ryvit, Zapier, Workato...)`;
	if (known === 'middleware') throw new UsageError(`${help}: name the service`);
	if (known) return { via: known, service: null };
	if (!text || text.length > 60 || /[_,]/.test(text) || /^[a-z]+-[a-z-]+$/.test(text))
		throw new UsageError(help);
	return { via: 'middleware', service: text };
}

/** `--status beta|deprecated|retired|current` (current: no status). */
export function parseStatus(raw: string | undefined): Status | null {
	if (raw === undefined || word(raw) === 'current') return null;
	const status = STATUS_KEYS.find((key) => key === word(raw));
	if (!status) throw new UsageError(`--status must be one of: ${STATUS_KEYS.join(', ')}, current`);
	return status;
}

/** The kind a link is stored with: the one `--via` implies, or `--kind`; both must agree. */
export function linkKind(kind: IntegrationKind | null, via: Via | null): IntegrationKind {
	if (via === null) {
		if (kind === null)
			throw new UsageError('say how they connect: --via <built-in|…|service> (or --kind)');
		return kind;
	}
	if (kind !== null && kind !== kindOfVia(via))
		throw new UsageError(`--kind ${kind} does not fit --via: that is ${kindOfVia(via)}`);
	return kindOfVia(via);
}
