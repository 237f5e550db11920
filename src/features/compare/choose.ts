/**
 * "Choose A if …": reasons drawn only from facts both vendors document and that differ, and
 * from integrations one tool has and the other has not documented, each worded as a buyer
 * would say it ("you need it on an on-premises server"). Nothing is inferred from a fact that is
 * unknown for either tool, and neither tool is ever a reason to choose the other: the caller
 * leaves the two tools out of each other's partners.
 */
import { type Fact, priceLabel, type ToolFacts, valueLabel } from '../facts/facts.ts';
import { CAPABILITY_KEYS } from '../facts/capabilities.ts';
import { FACTS, type FactKey } from '../facts/vocabulary.ts';
import { listNames } from '../../lib/text.ts';

/** Where a buyer needs a tool, as they would say it: "on an iPad", "on an on-premises server". */
const PLATFORM_WORDS: Record<string, string> = {
	web: 'in a web browser',
	ios: 'on an iPhone',
	ipados: 'on an iPad',
	android: 'on Android',
	windows: 'on Windows',
	macos: 'on a Mac',
	on_premises: 'on an on-premises server',
};

/** How a buyer would ask to be charged: "per user", "a flat price for unlimited users". */
const PRICING_WORDS: Record<string, string> = {
	per_user: 'per user',
	per_active_user: 'per active user',
	unlimited_users: 'a flat price for unlimited users',
	per_project: 'per project',
	construction_volume: 'by construction volume',
	by_module: 'by module',
	perpetual: 'a perpetual licence',
	quote_only: 'a quote for your company',
};

const SET_REASONS: Partial<Record<FactKey, (values: string[]) => string>> = {
	audience: (values) =>
		`it is built for ${listNames(
			values.map((value) => valueLabel('audience', value).toLowerCase()),
			'or',
		)}`,
	company_size: (values) =>
		`your company is ${listNames(
			values.map((value) => valueLabel('company_size', value).toLowerCase()),
			'or',
		)}`,
	platforms: (values) =>
		`you need it ${listNames(
			values.map((value) => PLATFORM_WORDS[value] ?? value),
			'or',
		)}`,
	pricing_model: (values) =>
		`you want to pay ${listNames(
			values.map((value) => PRICING_WORDS[value] ?? value),
			'or',
		)}`,
};

const YES_REASONS: Partial<Record<FactKey, (fact: Fact) => string>> = {
	free_version: (fact) => `you want a free version${fact.detail ? ` (${fact.detail})` : ''}`,
	free_trial: (fact) => `you want to try it free first${fact.detail ? ` (${fact.detail})` : ''}`,
	open_api: () => 'you need an open API to connect your own systems',
	sso: () => 'you need single sign-on',
};

const OFFLINE_RANK: Record<string, number> = { none: 0, partial: 1, full: 2 };

/** Reasons to choose the first tool over the second, from what both document. */
export function reasonsFor(
	self: ToolFacts | undefined,
	other: ToolFacts | undefined,
	/** The first names of the partners only this tool has (a few are enough). */
	partnersOnlySelf: readonly string[],
	otherName: string,
	/** How many partners only this tool has in all. */
	partnersOnlyCount: number = partnersOnlySelf.length,
): string[] {
	const reasons: string[] = [];
	for (const [key, phrase] of Object.entries(SET_REASONS) as [
		FactKey,
		(values: string[]) => string,
	][]) {
		const mine = self?.[key]?.value;
		const theirs = other?.[key]?.value;
		if (!mine || !theirs) continue;
		const extra = mine.filter((value) => !theirs.includes(value));
		if (extra.length) reasons.push(phrase(extra));
	}
	// What one vendor says its tool does and the other's says its tool does not.
	for (const key of CAPABILITY_KEYS)
		if (self?.[key]?.value[0] === 'yes' && other?.[key]?.value[0] === 'no')
			reasons.push(`you need ${FACTS[key].label.toLowerCase()}`);
	const offline = [self?.offline?.value[0], other?.offline?.value[0]];
	if (offline[0] && offline[1] && OFFLINE_RANK[offline[0]] > OFFLINE_RANK[offline[1]])
		reasons.push(
			`your crews work without a connection (${valueLabel('offline', offline[0]).toLowerCase()}; ${otherName}: ${valueLabel('offline', offline[1]).toLowerCase()})`,
		);
	for (const [key, phrase] of Object.entries(YES_REASONS) as [FactKey, (f: Fact) => string][]) {
		if (self?.[key]?.value[0] === 'yes' && other?.[key]?.value[0] === 'no')
			reasons.push(phrase(self[key]!));
	}
	if (self?.soc2?.value[0] === 'type_2' && other?.soc2?.value[0] === 'type_1')
		reasons.push('you need a SOC 2 Type II report');
	const [mine, theirs] = [self?.starting_price?.value, other?.starting_price?.value];
	if (
		mine &&
		theirs &&
		mine.slice(1).join() === theirs.slice(1).join() &&
		Number(mine[0]) < Number(theirs[0])
	)
		reasons.push(`you want the lower published starting price (${priceLabel(mine)})`);
	if (partnersOnlySelf.length) {
		const names = partnersOnlySelf.slice(0, 3);
		const more = partnersOnlyCount - names.length;
		reasons.push(
			`you use ${listNames(more ? [...names, `${more} more`] : names, 'or')}: a documented integration, none documented for ${otherName}`,
		);
	}
	return reasons;
}
