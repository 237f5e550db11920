import { type FormEvent, useRef, useState } from 'react';
import type { FormResult } from './client.ts';
import { NETWORK_FAILED } from './messages.ts';
import { TOAST_OPTIONS } from './toast.ts';

type Submission = typeof import('./submission.tsx');
export type Toast = Submission['toast'];

let submission: Promise<Submission> | undefined;

/** Loads the posting and toast code and the toasts' styles once; a failed load is tried again next time. */
function loadSubmission(): Promise<Submission> {
	submission ??= import('./submission.tsx')
		.then(async (loaded) => {
			await loaded.stylesLoaded;
			return loaded;
		})
		.catch((error: unknown) => {
			submission = undefined;
			throw error;
		});
	return submission;
}

/** The toast's stand-in when the toast code itself could not load (the connection dropped). */
function showNotice(text: string) {
	const notice = document.createElement('div');
	notice.className = 'toast-fallback';
	notice.setAttribute('role', 'alert');
	notice.textContent = text;
	document.body.append(notice);
	setTimeout(() => notice.remove(), TOAST_OPTIONS.autoClose);
}

/**
 * Submits a form with fetch, one request at a time (a double click sends one), and hands
 * the result and the toasts to the island. The inputs are never touched here: only success
 * clears them. The posting and toast code loads when the visitor first focuses the form.
 */
export function useFormSubmit(
	endpoint: string,
	onResult: (result: FormResult, form: HTMLFormElement, toast: Toast) => void,
) {
	const [busy, setBusy] = useState(false);
	const inFlight = useRef(false);

	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault();
		if (inFlight.current) return;
		inFlight.current = true;
		setBusy(true);
		const form = event.currentTarget;
		try {
			const loaded = await loadSubmission().catch(() => null);
			// Offline before the form was ever focused: no toast code, but the entry is kept.
			if (!loaded) return showNotice(NETWORK_FAILED);
			onResult(await loaded.postForm(endpoint, loaded.formFields(form)), form, loaded.toast);
		} finally {
			inFlight.current = false;
			setBusy(false);
		}
	}
	const onFocus = () => void loadSubmission().catch(() => {});
	return { busy, onSubmit, onFocus };
}
