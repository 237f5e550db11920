import { HONEYPOT_FIELD } from './honeypot.ts';

/** A field people never see or reach; bots that fill every input give themselves away. */
export default function Honeypot() {
	return (
		<div className="form-honeypot" aria-hidden="true">
			<label>
				Leave this field empty
				<input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
			</label>
		</div>
	);
}
