import { z } from 'zod';
import { siteHost } from '../../lib/addresses.ts';
import type { FormStore, RateLimit, RateLimited, SignUp } from '../../lib/store/types.ts';
import { HONEYPOT_FIELD, submitSchema, subscribeSchema } from './fields.server.ts';
import {
	type BodyKind,
	HttpError,
	htmlResponse,
	jsonResponse,
	readFormBody,
	redirectResponse,
	refuseCrossSite,
} from './http.server.ts';
import { rateLimitKey } from './client-key.server.ts';
import {
	busy,
	rateLimited,
	STORE_TIMEOUT_MS,
	unavailable,
	withDeadline,
} from './store-answers.server.ts';
import { alreadyListed, UNEXPECTED, unknownTools } from './messages.ts';
import { alreadyListedPage } from './already-listed.ts';
import { paths } from '../../lib/paths.ts';

/** What a form handler needs from the outside world; tests pass their own. */
export interface FormDeps {
	/** The store, opened on first use; a rejection means the store is unavailable (503). */
	store: () => Promise<FormStore>;
	/** Forgets a store that failed, so the next request opens a fresh connection. */
	dropStore?: () => void;
	/** How long one request may wait for the store before answering 503 (default 8 s). */
	storeTimeoutMs?: number;
	/** Origins whose pages may post the forms, besides the request's own (SITE_URL, URL). */
	siteOrigins?: string[];
	/** The fixed value identifying this website as the subscription source. */
	source: string;
	rateLimit: { max: number; windowSeconds: number };
	/** A salted one-way hash of the client IP: raw addresses are never stored. */
	clientHash: (ip: string) => string;
	logError?: (message: string) => void;
}

export interface RequestContext {
	ip?: string;
}

type Outcome =
	| { kind: 'done' }
	| { kind: 'listed'; toolId: number; name: string }
	| { kind: 'rate_limited'; retryAfterSeconds: number }
	| { kind: 'busy'; retryAfterSeconds: number };

export interface FormSpec<Schema extends z.ZodType> {
	bucket: string;
	schema: Schema;
	backTo: { href: string; label: string };
	thanksPage: string;
	/** Counts the request against `limit` and writes, in one database call. */
	save(
		store: FormStore,
		input: z.output<Schema>,
		limit: RateLimit,
		deps: FormDeps,
	): Promise<Outcome>;
}

/**
 * The fields the forms make multi-line (textareas): a newline is text there, and only there
 * (record 0027). Every other C0 or C1 control character is refused in every field: stored, ESC,
 * BEL or a newline could drive the editor's terminal or fake a line of its output.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['quote', 'new_description']);
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The fields holding a control character they may not hold, with the message for each. */
function controlCharacterErrors(fields: Record<string, unknown>): Record<string, string> {
	const errors: Record<string, string> = {};
	for (const [name, value] of Object.entries(fields)) {
		const rule = MULTI_LINE_FIELDS.has(name) ? CONTROL_BUT_NEWLINE : CONTROL;
		const texts = Array.isArray(value) ? value : [value];
		if (texts.some((text) => typeof text === 'string' && rule.test(text)))
			errors[name] = MULTI_LINE_FIELDS.has(name)
				? 'This field contains control characters (such as a tab, ESC or BEL): only letters, punctuation and line breaks are allowed.'
				: 'This field contains control characters (such as a line break, tab, ESC or BEL) that are not allowed.';
	}
	return errors;
}

function fieldErrors(error: z.ZodError): Record<string, string> {
	const fields: Record<string, string> = {};
	for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
	return fields;
}

/**
 * Which form a post is: one spec, or (the submit function's kinds of submission) a spec chosen
 * from the posted fields, `null` before they are read. `ownHosts`: this site's host names.
 */
export type SpecFor<Schema extends z.ZodType> =
	| FormSpec<Schema>
	| ((fields: Record<string, unknown> | null, ownHosts: ReadonlySet<string>) => FormSpec<Schema>);

export function createFormHandler<Schema extends z.ZodType>(
	specFor: SpecFor<Schema>,
	deps: FormDeps,
) {
	const choose = (fields: Record<string, unknown> | null, request: Request) =>
		typeof specFor === 'function'
			? specFor(
					fields,
					new Set(
						[new URL(request.url).origin, ...(deps.siteOrigins ?? [])].map((origin) =>
							siteHost(new URL(origin)),
						),
					),
				)
			: specFor;
	const withStore = async <T>(
		bucket: string,
		run: (store: FormStore) => Promise<T>,
	): Promise<T> => {
		try {
			return await withDeadline(deps.storeTimeoutMs ?? STORE_TIMEOUT_MS, async () =>
				run(await deps.store()),
			);
		} catch (error) {
			if (error instanceof HttpError) throw error;
			deps.logError?.(
				`[${bucket}] store error: ${error instanceof Error ? error.message : String(error)}`,
			);
			// A connection pool that saw its server die can leave queries that never settle
			// (porsager/postgres#970): the next request starts from a fresh one.
			deps.dropStore?.();
			throw unavailable(error);
		}
	};

	return async function handle(request: Request, context: RequestContext = {}): Promise<Response> {
		let kind: BodyKind = 'json';
		let spec = choose(null, request);
		try {
			// Before reading anything: a forged post is not counted, parsed or stored.
			refuseCrossSite(request, deps.siteOrigins ?? []);
			const body = await readFormBody(request);
			kind = body.kind;
			spec = choose(body.fields, request);
			const honeypot = body.fields[HONEYPOT_FIELD];
			// A bot filled the field people never see: it gets a success answer, nothing is stored
			// and nothing is counted (no database call at all).
			if (typeof honeypot === 'string' && honeypot.trim() !== '')
				return success(kind, spec.thanksPage);

			const ip = context.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
			const limit: RateLimit = {
				bucket: spec.bucket,
				clientHash: deps.clientHash(rateLimitKey(ip)),
				...deps.rateLimit,
			};

			const controls = controlCharacterErrors(body.fields);
			const parsed = spec.schema.safeParse(body.fields);
			if (!parsed.success || Object.keys(controls).length) {
				// Invalid input counts towards the limit too, and over the limit 429 comes first.
				const { hits, retryAfterSeconds } = await withStore(spec.bucket, (store) =>
					store.hitRateLimit(limit),
				);
				if (hits > limit.max) throw rateLimited(retryAfterSeconds);
				// A field's own rule speaks first (a name's "characters that are not allowed").
				const fields = {
					...controls,
					...(parsed.success ? {} : fieldErrors(parsed.error)),
				};
				throw new HttpError(422, {
					code: 'invalid_field',
					message: Object.values(fields).join(' '),
					fields,
				});
			}
			const outcome = await withStore(spec.bucket, (store) =>
				spec.save(store, parsed.data, limit, deps),
			);
			if (outcome.kind === 'rate_limited') throw rateLimited(outcome.retryAfterSeconds);
			if (outcome.kind === 'busy') throw busy(outcome.retryAfterSeconds);
			if (outcome.kind === 'listed') {
				const link = paths.tool(outcome.toolId);
				throw new HttpError(409, {
					code: 'already_listed',
					message: alreadyListed(outcome.name),
					link,
				});
			}
			return success(kind, spec.thanksPage);
		} catch (error) {
			if (!(error instanceof HttpError)) {
				deps.logError?.(
					`[${spec.bucket}] unexpected error: ${error instanceof Error ? error.message : String(error)}`,
				);
				return failure(
					kind,
					new HttpError(500, { code: 'internal_error', message: UNEXPECTED }),
					spec.backTo,
				);
			}
			return failure(kind, error, spec.backTo);
		}
	};
}

function limitedOutcome(result: RateLimited): Outcome {
	return {
		kind: result.everyone ? 'busy' : 'rate_limited',
		retryAfterSeconds: result.retryAfterSeconds,
	};
}

function success(kind: BodyKind, thanksPage: string): Response {
	return kind === 'form' ? redirectResponse(thanksPage) : jsonResponse(200, { ok: true });
}

function failure(
	kind: BodyKind,
	error: HttpError,
	backTo: { href: string; label: string },
): Response {
	if (kind === 'json') return jsonResponse(error.status, { error: error.body }, error.headers);
	// Already listed: the tool's own pre-rendered page says so (record 0029).
	if (error.body.code === 'already_listed' && error.body.link)
		return redirectResponse(alreadyListedPage(error.body.link));
	const link = error.body.link ? { href: error.body.link, label: 'see its page' } : backTo;
	const title = error.status === 409 ? 'Already listed' : 'That did not go through';
	return htmlResponse(error.status, title, error.body.message, link, error.headers);
}

/**
 * POST /.netlify/functions/subscribe: `{ email }`, written by `signUp` (the newsletter's double
 * opt-in) under the same validation, honeypot, rate limit, deadline and answers as every form.
 */
export function createSubscribeHandler(deps: FormDeps, signUp: SignUp) {
	return createFormHandler(
		{
			bucket: 'subscribe',
			schema: subscribeSchema,
			backTo: { href: paths.home, label: 'go back to the home page' },
			thanksPage: paths.subscribed,
			async save(_store, input, limit, { source }) {
				const result = await signUp(input.email, source, limit);
				return result.outcome === 'rate_limited' ? limitedOutcome(result) : { kind: 'done' };
			},
		},
		deps,
	);
}

/** The submit function's default kind: a new tool for review (`{ name, url }`). */
export function toolSpec(): FormSpec<typeof submitSchema> {
	return {
		bucket: 'submit',
		schema: submitSchema,
		backTo: { href: paths.submit, label: 'go back to the submission form' },
		thanksPage: paths.submitted,
		async save(store, input, limit) {
			const result = await store.submitTool(
				input.name,
				input.url,
				input.email,
				limit,
				input.works_with,
				{ platforms: input.platforms, audience: input.audience, pricingUrl: input.pricing_url },
			);
			if (result.outcome === 'rate_limited') return limitedOutcome(result);
			if (result.outcome === 'unknown_tools') {
				const message = unknownTools(result.unknown);
				throw new HttpError(422, {
					code: 'invalid_field',
					message,
					fields: { works_with: message },
				});
			}
			return result.outcome === 'listed'
				? { kind: 'listed', toolId: result.toolId, name: input.name }
				: { kind: 'done' };
		},
	};
}
