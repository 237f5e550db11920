// Preloaded into the editor process by the link-check tests (NODE_OPTIONS=--import): host
// names under the reserved `.test` domain (RFC 6761) resolve to 127.0.0.1, like a line in
// /etc/hosts, so tool addresses that pass the database's public-host rule reach the tests'
// servers; names under `.invalid` do not exist, as RFC 6761 has every resolver answer, without
// asking this machine's resolver (which may be slow to say so offline). Others resolve as usual.
// The editor then requests those loopback addresses only because the tests also set
// OUTBOUND_ALLOW_LOOPBACK=1, an allowance the production configuration refuses (record 0027):
// without it, every `.test` address is refused as resolving to 127.0.0.1.
import dns from 'node:dns';

const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
	if (typeof options === 'function') [callback, options] = [options, {}];
	if (hostname.endsWith('.invalid')) {
		const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
			code: 'ENOTFOUND',
			hostname,
		});
		return process.nextTick(() => callback(error));
	}
	if (!hostname.endsWith('.test')) return lookup.call(this, hostname, options, callback);
	const all = typeof options === 'object' && options?.all;
	process.nextTick(() =>
		all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
	);
};
