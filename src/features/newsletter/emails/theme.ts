import type { CSSProperties } from 'react';

// Colours chosen to keep their contrast when a mail client darkens or inverts the message
// (no pure black or white, no text drawn on images); sizes for a 600 px column.
export const colour = {
	page: '#eef1f5',
	card: '#fbfcfd',
	text: '#1f2933',
	muted: '#52606d',
	brand: '#1b3a5c',
	link: '#1d5fa3',
	rule: '#d3dae3',
} as const;

export const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const style = {
	body: { backgroundColor: colour.page, margin: 0, padding: '24px 0', fontFamily: font },
	container: {
		width: '100%',
		maxWidth: '600px',
		backgroundColor: colour.card,
		border: `1px solid ${colour.rule}`,
		borderRadius: '8px',
		padding: '24px',
	},
	brand: { color: colour.brand, fontSize: '14px', fontWeight: 700, margin: '0 0 16px' },
	h1: { color: colour.text, fontSize: '24px', lineHeight: '32px', margin: '0 0 16px' },
	h2: { color: colour.text, fontSize: '18px', lineHeight: '26px', margin: '24px 0 8px' },
	text: { color: colour.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
	small: { color: colour.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
	link: { color: colour.link, textDecoration: 'underline' },
	button: {
		backgroundColor: colour.brand,
		color: '#fbfcfd',
		fontSize: '16px',
		fontWeight: 600,
		padding: '12px 20px',
		borderRadius: '6px',
		textDecoration: 'none',
	},
	rule: { borderColor: colour.rule, margin: '24px 0' },
} satisfies Record<string, CSSProperties>;
