import ipaddr from 'ipaddr.js';

/**
 * What a rate limit counts a client by: an IPv4 address as is, an IPv6 address by its /64
 * prefix. One IPv6 subscriber usually holds a whole /64 (2^64 addresses), so counting the
 * exact address would hand out a fresh allowance per request. IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`) counts as the IPv4 address it carries. Anything unparsable is one
 * shared key, never a free pass.
 */
export function rateLimitKey(ip: string): string {
	const text = ip.trim().replace(/^\[(.*)\]$/, '$1');
	if (!ipaddr.isValid(text)) return 'unparsable';
	const address = ipaddr.process(text); // unwraps IPv4-mapped IPv6
	if (address.kind() === 'ipv4') return address.toString();
	const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
	return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
