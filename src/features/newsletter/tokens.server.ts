import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an e-mailed link may do. */
export type LinkAction = 'confirm' | 'unsubscribe';

/** What a link token says, signed: who, which sign-up (confirm only) and until when. */
export interface LinkClaims {
	action: LinkAction;
	subscriberId: number;
	/** The consent time (ms) of the sign-up a confirm link belongs to; 0 for unsubscribe links. */
	consentMs: number;
	/** Expiry, in seconds since the epoch. */
	expiresAt: number;
}

export type VerifiedLink =
	{ ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

const ACTION_CODE = { confirm: 'c', unsubscribe: 'u' } as const;
const CODE_ACTION: Record<string, LinkAction> = { c: 'confirm', u: 'unsubscribe' };

const mac = (secret: string, payload: string) =>
	createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * A link token: `<action>.<id>.<consent ms>.<expiry>.<HMAC-SHA256>`. Nothing about it is
 * stored; the database checks the id and consent time, so a used or superseded link is void.
 */
export function signLink(secret: string, claims: LinkClaims): string {
	const payload = [
		ACTION_CODE[claims.action],
		claims.subscriberId,
		claims.consentMs,
		claims.expiresAt,
	].join('.');
	return `${payload}.${mac(secret, payload)}`;
}

/** Checks a token's signature (constant time), then its expiry against `nowMs`. */
export function verifyLink(
	secret: string,
	token: string,
	expected: LinkAction,
	nowMs = Date.now(),
): VerifiedLink {
	const match = /^([cu])\.(\d{1,15})\.(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
	if (!match) return { ok: false, reason: 'invalid' };
	const [, code, id, consentMs, expiresAt, signature] = match;
	const wanted = Buffer.from(mac(secret, `${code}.${id}.${consentMs}.${expiresAt}`));
	const given = Buffer.from(signature);
	if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
		return { ok: false, reason: 'invalid' };
	if (CODE_ACTION[code] !== expected) return { ok: false, reason: 'invalid' };
	if (Number(expiresAt) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
	return {
		ok: true,
		claims: {
			action: expected,
			subscriberId: Number(id),
			consentMs: Number(consentMs),
			expiresAt: Number(expiresAt),
		},
	};
}
