/** The licence of everything the site publishes as data: its files, pictures and change log. */
export const DATA_LICENCE = {
	name: 'CC BY 4.0',
	title: 'Creative Commons Attribution 4.0 International',
	url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;
