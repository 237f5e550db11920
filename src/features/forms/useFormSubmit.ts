import { type FormEvent, useRef, useState } from 'react';
import { type FormResult, formFields, postForm } from './client.ts';

/**
 * Submits a form with fetch, one request at a time (a double click sends one), and hands
 * the result to the island. The inputs are never touched here: only success clears them.
 */
export function useFormSubmit(
	endpoint: string,
	onResult: (result: FormResult, form: HTMLFormElement) => void,
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
			onResult(await postForm(endpoint, formFields(form)), form);
		} finally {
			inFlight.current = false;
			setBusy(false);
		}
	}
	return { busy, onSubmit };
}
