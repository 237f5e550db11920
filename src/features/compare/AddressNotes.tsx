// What the address asked for that the table cannot show, and why: loaded only when there is
// something to say (a long or mistyped address, a file that did not load), as most comparisons
// have nothing, and the compare page's own JavaScript is budgeted.
import { PICK_LIMITS } from '../picker/limits.ts';

// The browser's own list words ("“a”, “b” and “c”", as lib/text.ts listNames writes them): a
// lazily loaded module sharing lib/text.ts with the island would split it into one more file.
const inList = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** What the address asked for that the table cannot show, and why. */
export default function AddressNotes(props: { extra: number; leftOut: string[]; failed: number }) {
	const { extra, leftOut, failed } = props;
	const most = PICK_LIMITS.compare;
	return (
		<>
			{extra > 0 && (
				<p className="compare__note">
					Compares {most} tools at most: showing the first {most} of the {most + extra} in the
					address.
				</p>
			)}
			{leftOut.length > 0 && (
				<p className="compare__note">
					Left out {inList.format(leftOut.map((value) => `“${value}”`))}: not the number of a tool
					in the directory.
				</p>
			)}
			{failed > 0 && (
				<p className="compare__note">
					The facts of {failed === 1 ? 'one tool' : `${failed} tools`} could not be loaded: check
					the connection, then reload the page.
				</p>
			)}
		</>
	);
}
