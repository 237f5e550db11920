import { describe, expect, it } from 'vitest';
import { signLink } from '../newsletter/tokens.server.ts';
import { signClaim, verifyClaim } from './claim-tokens.server.ts';
import { isFreeMail } from './free-mail.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123456';
const NOW = Date.parse('2026-11-28T12:00:00Z');
const claim = { claimId: 7, requestedMs: NOW - 1000, expiresAt: NOW / 1000 + 3600 };

describe('claim link tokens', () => {
	it('verifies what it signed, until it expires', () => {
		const token = signClaim(SECRET, claim);
		expect(verifyClaim(SECRET, token, NOW)).toEqual({ ok: true, claim });
		expect(verifyClaim(SECRET, token, NOW + 3600 * 1000)).toEqual({ ok: false, reason: 'expired' });
	});

	it('refuses a changed claim id, another secret, and a newsletter token', () => {
		const token = signClaim(SECRET, claim);
		expect(verifyClaim(SECRET, token.replace('l.7.', 'l.8.'), NOW).ok).toBe(false);
		expect(verifyClaim(`${SECRET}x`, token, NOW).ok).toBe(false);
		const newsletter = signLink(SECRET, {
			action: 'confirm',
			subscriberId: 7,
			consentMs: claim.requestedMs,
			expiresAt: claim.expiresAt,
		});
		expect(verifyClaim(SECRET, newsletter, NOW)).toEqual({ ok: false, reason: 'invalid' });
		expect(verifyClaim(SECRET, newsletter.replace(/^c\./, 'l.'), NOW).ok).toBe(false);
	});
});

describe('free mail', () => {
	it.each(['gmail.com', 'outlook.com', 'gmx.de', 'yandex.ru', 'yahoo.co.uk', 'proton.me'])(
		'%s is a free provider',
		(domain) => expect(isFreeMail(domain)).toBe(true),
	);
	it.each(['procore.com', 'autodesk.com', 'gmxconstruction.com'])('%s is not', (domain) =>
		expect(isFreeMail(domain)).toBe(false),
	);
});
