// The answers a form handler gives when the store cannot take a request (a client over its
// limit, a form over its ceiling, a store that is down or too slow), and the deadline itself.
import { HttpError } from './http.server.ts';

export const rateLimited = (retryAfterSeconds: number) =>
	new HttpError(
		429,
		{
			code: 'rate_limited',
			message: `Too many attempts from your network. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
		},
		{ 'Retry-After': String(retryAfterSeconds) },
	);

// Under Netlify's 10-second limit for a synchronous function, so the visitor gets our 503
// rather than the platform's bare 502.
export const STORE_TIMEOUT_MS = 8000;

export class StoreTimeout extends Error {}

const minutes = (seconds: number) => Math.ceil(seconds / 60);

// The form's ceiling for all clients together: a flood is under way, nobody's fault here.
export const busy = (retryAfterSeconds: number) =>
	new HttpError(
		503,
		{
			code: 'busy',
			message: `This form is receiving too many entries right now. Please try again in ${minutes(retryAfterSeconds)} minutes; nothing was saved.`,
		},
		{ 'Retry-After': String(retryAfterSeconds) },
	);

export const unavailable = (error: unknown) =>
	new HttpError(503, {
		code: 'store_unavailable',
		// A write that timed out may still land; sending it again is harmless (duplicates merge).
		message:
			error instanceof StoreTimeout
				? 'We could not confirm that this was saved. Please try again in a few minutes; sending it twice is harmless.'
				: 'We cannot save this right now. Please try again in a few minutes; nothing was saved.',
	});

/** Runs `work`, or rejects with StoreTimeout once `ms` have passed (a hung driver included). */
export async function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new StoreTimeout(`no answer within ${ms} ms`)), ms);
	});
	try {
		return await Promise.race([work(), deadline]);
	} finally {
		clearTimeout(timer);
	}
}
