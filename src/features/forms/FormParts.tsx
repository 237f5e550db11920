import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react';
import { endpoints } from '../../lib/paths.ts';

/**
 * A form that posts to the submit function, as a plain `<form method="post">` that works
 * without JavaScript; the island enhances it (`onSubmit`, and `onFocus` loads its code).
 */
export function SubmitFunctionForm(props: {
	onSubmit: FormEventHandler<HTMLFormElement>;
	onFocus?: FocusEventHandler<HTMLFormElement>;
	children: ReactNode;
}) {
	return (
		<form
			className="submit-form"
			method="post"
			action={endpoints.submit}
			onSubmit={props.onSubmit}
			onFocus={props.onFocus}
		>
			{props.children}
		</form>
	);
}

/** A form's buttons: the submit button (its words while sending), and Cancel given a way back. */
export function FormActions(props: {
	busy: boolean;
	label: string;
	busyLabel: string;
	cancelHref?: string;
}) {
	const { busy, label, busyLabel, cancelHref } = props;
	return (
		<div className="form-actions">
			<button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
				{busy ? busyLabel : label}
			</button>
			{cancelHref && (
				<a className="button" href={cancelHref}>
					Cancel
				</a>
			)}
		</div>
	);
}
