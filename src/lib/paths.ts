/** Every internal address of the site, built in one place. */
export const paths = {
	home: '/',
	search: (query: string) => (query ? `/?q=${encodeURIComponent(query)}` : '/'),
	tool: (id: number) => `/app/${id}/`,
	submit: '/newapp/',
	submitted: '/newapp/thanks/',
	subscribed: '/newsletter/thanks/',
	newsletter: '/newsletter/',
	newsletterIssue: (number: number) => `/newsletter/${number}/`,
	subscriptionConfirmed: '/newsletter/confirmed/',
	unsubscribed: '/newsletter/unsubscribed/',
	category: (slug: string) => `/category/${slug}/`,
	rss: '/rss.xml',
	subscribeEndpoint: '/.netlify/functions/subscribe',
	submitEndpoint: '/.netlify/functions/submit',
} as const;
