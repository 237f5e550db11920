import type { ToastContainerProps } from 'react-toastify/unstyled';

/** The one toast configuration (seed spec: top-center, 3 s, dark, no progress bar). */
export const TOAST_OPTIONS = {
	position: 'top-center',
	autoClose: 3000,
	theme: 'dark',
	hideProgressBar: true,
} as const satisfies ToastContainerProps;
