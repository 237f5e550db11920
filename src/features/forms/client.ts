import { NETWORK_FAILED, UNEXPECTED } from './messages.ts';

export type FormResult =
	| { ok: true }
	| { ok: false; code: string; message: string; fields?: Record<string, string>; link?: string };

const TIMEOUT_MS = 15_000;

/** Posts a form to its function as JSON and turns every outcome into a result to show. */
export async function postForm(
	endpoint: string,
	fields: Record<string, string>,
): Promise<FormResult> {
	let response: Response;
	try {
		response = await fetch(endpoint, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify(fields),
			signal: AbortSignal.timeout(TIMEOUT_MS),
		});
	} catch {
		return { ok: false, code: 'network', message: NETWORK_FAILED };
	}
	const body = await response.json().catch(() => null);
	if (response.ok && body?.ok === true) return { ok: true };
	if (body?.error?.message) return { ok: false, ...body.error };
	return { ok: false, code: `http_${response.status}`, message: UNEXPECTED };
}

/**
 * The form's current values, honeypot included (a bot that runs scripts still fills it); a
 * group of checkboxes is its values joined by commas, as the function reads them.
 */
export function formFields(form: HTMLFormElement): Record<string, string> {
	const fields: Record<string, string> = {};
	new FormData(form).forEach((value, key) => {
		if (typeof value === 'string') fields[key] = key in fields ? `${fields[key]},${value}` : value;
	});
	return fields;
}
