import { COMPARE_FORM_ID, COMPARE_MAX, COMPARE_MIN, COMPARE_PARAM } from './compare-form.ts';

/**
 * The "Compare" ticks of a page whose search shows copies of its cards (the home page): loaded
 * on the page's first change, it keeps every tick of a tool in step (the card in the grid, its
 * copy in the results, a copy shown again later), counts the ticks in the tray, refuses a fifth
 * and opens `/compare/?tools=3,9` with each tool once. Without it (no JavaScript, or a page
 * without a search) the form works on its own: `/compare/?tools=3&tools=9`.
 */
export function keepTicksInStep(form: HTMLFormElement | null = formOfPage()) {
	if (!form || form.dataset.live !== undefined) return;
	form.dataset.live = '';
	const scope = form.parentElement!;
	const status = form.querySelector('[role="status"]')!;
	const boxes = (root: ParentNode = document) =>
		root.querySelectorAll<HTMLInputElement>(`input[form="${COMPARE_FORM_ID}"]`);
	// The tools ticked, in the order they were ticked (the first tick may have loaded this).
	const ticked: string[] = [];
	for (const box of boxes()) if (box.checked && !ticked.includes(box.value)) ticked.push(box.value);

	const sync = (root?: ParentNode) => {
		for (const box of boxes(root)) box.checked = ticked.includes(box.value);
	};
	const say = (message = '') => {
		const count = ticked.length;
		form.toggleAttribute('data-ticked', count > 0);
		status.textContent =
			message ||
			(count === 0
				? `Tick ${COMPARE_MIN} to ${COMPARE_MAX} tools to compare them side by side.`
				: count < COMPARE_MIN
					? `1 tool ticked: tick at least one more to compare.`
					: `${count} tools ticked${count === COMPARE_MAX ? ' (the most at once)' : ''}.`);
	};

	scope.addEventListener('change', (event) => {
		const box = event.target as HTMLInputElement;
		if (box.form !== form) return;
		const at = ticked.indexOf(box.value);
		if (box.checked && at < 0) {
			if (ticked.length >= COMPARE_MAX) {
				box.checked = false;
				return say(`You can compare up to ${COMPARE_MAX} tools: untick one first.`);
			}
			ticked.push(box.value);
		} else if (!box.checked && at >= 0) ticked.splice(at, 1);
		sync();
		say();
	});
	// A copy made before a tick, shown again, takes the tick's state as it enters the page.
	new MutationObserver((changes) => {
		for (const change of changes)
			for (const node of change.addedNodes) if (node instanceof Element) sync(node);
	}).observe(scope, { childList: true, subtree: true });
	form.addEventListener('reset', () => {
		ticked.length = 0;
		say();
	});
	form.addEventListener('submit', (event) => {
		event.preventDefault();
		if (ticked.length < COMPARE_MIN) return say(`Tick at least ${COMPARE_MIN} tools to compare.`);
		window.location.assign(`${form.action}?${COMPARE_PARAM}=${ticked.join(',')}`);
	});
	sync();
	say();
}

const formOfPage = () => document.getElementById(COMPARE_FORM_ID) as HTMLFormElement | null;
