// Sample addresses and whether the directory accepts each as stored (record 0030). One table
// for both sides of the rule: src/lib/addresses.test.ts asks `addressProblem`, and
// tests/store/web-addresses.test.ts asks the database's CHECK (public.is_web_address, and an
// insert into the tools table). A row the two answered differently would fail one of them.

export interface AddressSample {
	address: string;
	/** Null: accepted. Otherwise why not, as `addressProblem` names it. */
	problem: null | 'characters' | 'length' | 'scheme' | 'credentials' | 'host' | 'port';
}

const long = (total: number) => {
	const start = 'https://example.com/';
	return start + 'a'.repeat(total - start.length);
};

export const ADDRESS_SAMPLES: readonly AddressSample[] = [
	// Accepted: public http(s) addresses.
	{ address: 'https://procore.com', problem: null },
	{ address: 'https://www.procore.com/', problem: null },
	{ address: 'http://example.com/path?q=1#part', problem: null },
	{ address: 'HTTPS://EXAMPLE.COM/Pricing', problem: null },
	{ address: 'hTtP://Example.Com', problem: null },
	{ address: 'https://app.fieldwire.com:8443/x', problem: null },
	{ address: 'https://example.com:1', problem: null },
	{ address: 'https://example.com:65535/', problem: null },
	{ address: 'https://xn--bcher-kva.de/', problem: null },
	{ address: 'https://example.xn--p1ai', problem: null },
	// Punycode is checked for its shape, not decoded (engines' URL parsers differ on it).
	{ address: 'https://xn--a.com', problem: null },
	{ address: 'https://ab--cd.example.co.uk/a-b', problem: null },
	{ address: 'https://1password.com', problem: null },
	{ address: 'https://example.com/stra%C3%9Fe?x=%20y', problem: null },
	{ address: 'https://support.example.com/ja/articles/1-オフライン-ビューア', problem: null },
	{ address: 'https://example.com?', problem: null },
	{ address: 'https://example.com#', problem: null },
	{ address: 'https://example.com/@user', problem: null },
	{ address: 'https://8.8.8.8.nip.io/', problem: null },
	{ address: 'https://deadbeef.example.com', problem: null },
	{ address: 'https://1234.5.6.7.example.com', problem: null },
	{ address: 'https://999.0.0.1.nip.io', problem: null },
	{ address: 'https://example.test/', problem: null },
	{ address: long(2048), problem: null },
	{ address: `https://${'a'.repeat(63)}.com`, problem: null },
	{ address: `https://${`${'a'.repeat(61)}.`.repeat(4)}com`, problem: null },

	// Not http(s), or not absolute.
	{ address: 'javascript:alert(1)', problem: 'scheme' },
	{ address: 'JavaScript://example.com/%0Aalert(1)', problem: 'scheme' },
	{ address: 'data:text/html,<script>alert(1)</script>', problem: 'scheme' },
	{ address: 'ftp://example.com', problem: 'scheme' },
	{ address: 'mailto:sales@example.com', problem: 'scheme' },
	{ address: 'procore.com', problem: 'scheme' },
	{ address: '//procore.com', problem: 'scheme' },
	{ address: '/relative/path', problem: 'scheme' },
	{ address: 'https:procore.com', problem: 'scheme' },
	{ address: 'https:/procore.com', problem: 'scheme' },
	{ address: 'httpss://procore.com', problem: 'scheme' },
	{ address: '', problem: 'scheme' },

	// Spaces, controls, invisible marks.
	{ address: ' https://procore.com', problem: 'characters' },
	{ address: 'https://procore.com ', problem: 'characters' },
	{ address: 'https://procore.com/a b', problem: 'characters' },
	{ address: 'https://procore.com/a\tb', problem: 'characters' },
	{ address: 'https://procore.com/\n', problem: 'characters' },
	{ address: 'https://procore.com/\u0085', problem: 'characters' },
	{ address: 'https://procore.com/\u00a0', problem: 'characters' },
	{ address: 'https://procore.com/\u200b', problem: 'characters' },
	{ address: 'https://procore.com/\u202egnp.exe', problem: 'characters' },
	{ address: 'https://procore.com/\u3000', problem: 'characters' },
	{ address: 'https://procore.com/\ufeff', problem: 'characters' },

	// Too long.
	{ address: long(2049), problem: 'length' },

	// Credentials.
	{ address: 'https://user:pw@example.com', problem: 'credentials' },
	{ address: 'https://user@example.com/', problem: 'credentials' },
	{ address: 'https://@example.com', problem: 'credentials' },
	{ address: 'https://example.com@evil.example', problem: 'credentials' },

	// No public host name.
	{ address: 'https://', problem: 'host' },
	{ address: 'https:///path', problem: 'host' },
	{ address: 'https://?q=1', problem: 'host' },
	{ address: 'http://localhost', problem: 'host' },
	{ address: 'http://localhost:3000/admin', problem: 'host' },
	{ address: 'http://LOCALHOST', problem: 'host' },
	{ address: 'http://localhost.localdomain/trust', problem: 'host' },
	{ address: 'http://app.localhost', problem: 'host' },
	{ address: 'http://printer.local', problem: 'host' },
	{ address: 'http://db.internal', problem: 'host' },
	{ address: 'http://metadata.google.internal/computeMetadata/v1/', problem: 'host' },
	{ address: 'http://router.home.arpa', problem: 'host' },
	{ address: 'http://intranet', problem: 'host' },
	{ address: 'http://127.0.0.1/admin', problem: 'host' },
	{ address: 'http://93.184.216.34', problem: 'host' },
	{ address: 'http://169.254.169.254/latest/meta-data/', problem: 'host' },
	{ address: 'http://[::1]/', problem: 'host' },
	{ address: 'http://[2606:4700::1]', problem: 'host' },
	{ address: 'http://2130706433', problem: 'host' },
	{ address: 'http://10.0.0.1.nip.io', problem: 'host' },
	{ address: 'http://app-192-168-1-2.sslip.io', problem: 'host' },
	{ address: 'http://app.127.0.0.1.sslip.io:8080/', problem: 'host' },
	{ address: 'http://100.64.0.1.nip.io', problem: 'host' },
	{ address: 'http://172.31.255.255.nip.io', problem: 'host' },
	{ address: 'http://0a000001.nip.io', problem: 'host' },
	{ address: 'http://7F000001.nip.io', problem: 'host' },
	{ address: 'https://bücher.de', problem: 'host' },
	{ address: 'https://例え.jp', problem: 'host' },
	{ address: 'https://example.com.', problem: 'host' },
	{ address: 'https://example.com./path', problem: 'host' },
	{ address: 'https://.example.com', problem: 'host' },
	{ address: 'https://example..com', problem: 'host' },
	{ address: 'https://-example.com', problem: 'host' },
	{ address: 'https://example-.com', problem: 'host' },
	{ address: 'https://exa_mple.com', problem: 'host' },
	{ address: 'https://example.c', problem: 'host' },
	{ address: 'https://example.123', problem: 'host' },
	{ address: 'https://example.com\\@evil.example', problem: 'credentials' },
	{ address: 'https://example.com\\path', problem: 'host' },
	{ address: 'https://example.com"onmouseover=alert(1)', problem: 'host' },
	{ address: 'https://example.com%2F@evil.example', problem: 'credentials' },
	{ address: 'https://exam%70le.com', problem: 'host' },
	{ address: `https://${'a'.repeat(64)}.com`, problem: 'host' },
	{ address: `https://${`${'a'.repeat(62)}.`.repeat(4)}com`, problem: 'host' },

	// Ports.
	{ address: 'https://example.com:0', problem: 'port' },
	{ address: 'https://example.com:65536', problem: 'port' },
	{ address: 'https://example.com:123456', problem: 'port' },
	{ address: 'https://example.com:/', problem: 'port' },
	{ address: 'https://example.com:http', problem: 'port' },
	{ address: 'https://example.com:80:80', problem: 'port' },
	{ address: 'https://example.com:-1', problem: 'port' },
];
