import { describe, expect, it } from 'vitest';
import { nameMatcher, searchKey, toolCount } from './search-rule.ts';

const key = (name: string) => searchKey(name);

describe('name search', () => {
	it('is a case-insensitive substring match', () => {
		expect(nameMatcher('CORE')(key('Procore'))).toBe(true);
		expect(nameMatcher('pro')(key('Procore'))).toBe(true);
		expect(nameMatcher('fieldwire')(key('Procore'))).toBe(false);
	});
	it('treats special characters literally', () => {
		expect(nameMatcher('c++')(key('Notepad C++'))).toBe(true);
		expect(nameMatcher('(')(key('Tool (Beta)'))).toBe(true);
		expect(nameMatcher('.')(key('Procore'))).toBe(false);
		expect(nameMatcher('*')(key('Procore'))).toBe(false);
		expect(nameMatcher('.*')(key('Procore'))).toBe(false);
	});
	it('matches everything for an empty or blank query', () => {
		expect(nameMatcher('')(key('Procore'))).toBe(true);
		expect(nameMatcher('   ')(key('Procore'))).toBe(true);
	});
	it('counts in words', () => {
		expect(toolCount(1)).toBe('1 tool');
		expect(toolCount(0)).toBe('0 tools');
	});
});
