import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the first render after:
 * for markup that must work without JavaScript (links) and becomes controls once it runs.
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		never,
		() => true,
		() => false,
	);
}
