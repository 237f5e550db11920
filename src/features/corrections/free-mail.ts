// Free e-mail providers: anyone can have an address there, so one proves nothing about working
// for a vendor. Checked by registrable domain; a listed tool's own domain still passes (the
// database compares the tool's host first), so someone at Zoho can claim Zoho's listing.

const FREE_MAIL = new Set([
	'gmail.com',
	'googlemail.com',
	'outlook.com',
	'hotmail.com',
	'live.com',
	'msn.com',
	'yahoo.com',
	'ymail.com',
	'icloud.com',
	'me.com',
	'mac.com',
	'aol.com',
	'proton.me',
	'protonmail.com',
	'pm.me',
	'mail.com',
	'zoho.com',
	'fastmail.com',
	'tutanota.com',
	'hey.com',
]);
// Providers with a domain per country (gmx.de, gmx.net, yandex.ru, yahoo.co.uk...).
const FREE_MAIL_NAMES = /^(gmx|yandex|yahoo|hotmail|outlook|live|web|mail|t-online)\.[a-z.]+$/;

/** Whether a registrable domain belongs to a free e-mail provider. */
export function isFreeMail(registrableDomain: string): boolean {
	const domain = registrableDomain.toLowerCase();
	return FREE_MAIL.has(domain) || FREE_MAIL_NAMES.test(domain);
}
