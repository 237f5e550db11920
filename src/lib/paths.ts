/** Every internal address of the site, built in one place. */
export const paths = {
	home: '/',
	search: (query: string) => (query ? `/?q=${encodeURIComponent(query)}` : '/'),
	tool: (id: number) => `/app/${id}/`,
	submit: '/newapp/',
	category: (slug: string) => `/category/${slug}/`,
	rss: '/rss.xml',
} as const;
