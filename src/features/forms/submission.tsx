// What a form needs once a visitor uses it: posting, and react-toastify with the page's one
// toast container (in a React root of its own; toasts queue until it has mounted). Loaded on
// demand by useFormSubmit, so pages ship it only to visitors who use a form.
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { TOAST_OPTIONS } from './toast.ts';
import toastSheet from './toast.css?url';

// The toasts' stylesheet is linked here, not imported as CSS: Astro would put an imported sheet
// in every island page's <head> as a render-blocking <link> (withastro/astro#9495). It is a
// hashed file like the others (cached for good, allowed by the CSP's style-src 'self').
// useFormSubmit waits for it before the first toast, so a toast never shows unstyled; if it
// cannot load, the form shows its plain notice instead.
export const stylesLoaded = new Promise((resolve, reject) => {
	const link = Object.assign(document.createElement('link'), {
		rel: 'stylesheet',
		href: toastSheet,
	});
	link.addEventListener('load', resolve);
	link.addEventListener('error', () =>
		reject(new Error(`toast styles did not load: ${toastSheet}`)),
	);
	document.head.append(link);
});

const host = document.createElement('div');
document.body.append(host);
createRoot(host).render(<ToastContainer {...TOAST_OPTIONS} />);

export { toast };
export { formFields, postForm } from './client.ts';
