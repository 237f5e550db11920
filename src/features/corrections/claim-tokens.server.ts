import { createHmac, timingSafeEqual } from 'node:crypto';

// A claim link's token, a sibling of the newsletter's (newsletter/tokens.server.ts) under the
// same secret: `l.<claim id>.<request ms>.<expiry>.<HMAC-SHA256>`. Its own letter keeps the two
// apart (a newsletter token is never a claim token, nor the reverse). Nothing is stored: the
// database checks that the claim's latest request time still matches, so an older link is void.

/** How long a claim link works. */
export const CLAIM_LINK_SECONDS = 48 * 3600;

export interface ClaimToken {
	claimId: number;
	requestedMs: number;
	/** Expiry, in seconds since the epoch. */
	expiresAt: number;
}

const mac = (secret: string, payload: string) =>
	createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * The letter of each kind of link: `l` a claim, `s` a suggestion's e-mail (record 0027), whose
 * id is the suggestion's. A token of one kind never verifies as the other.
 */
export type LinkKind = 'l' | 's';

export function signClaim(
	secret: string,
	{ claimId, requestedMs, expiresAt }: ClaimToken,
	kind: LinkKind = 'l',
): string {
	const payload = [kind, claimId, requestedMs, expiresAt].join('.');
	return `${payload}.${mac(secret, payload)}`;
}

/** Checks the signature (constant time), then the expiry against `nowMs`. */
export function verifyClaim(
	secret: string,
	token: string,
	nowMs = Date.now(),
	kind: LinkKind = 'l',
): { ok: true; claim: ClaimToken } | { ok: false; reason: 'invalid' | 'expired' } {
	const match = /^([ls])\.(\d{1,15})\.(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
	if (!match || match[1] !== kind) return { ok: false, reason: 'invalid' };
	const [, , id, requestedMs, expiresAt, signature] = match;
	const wanted = Buffer.from(mac(secret, `${kind}.${id}.${requestedMs}.${expiresAt}`));
	const given = Buffer.from(signature);
	if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
		return { ok: false, reason: 'invalid' };
	if (Number(expiresAt) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
	return {
		ok: true,
		claim: { claimId: Number(id), requestedMs: Number(requestedMs), expiresAt: Number(expiresAt) },
	};
}
