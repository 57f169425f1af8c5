/** Code-like values (tool names, argument values, patterns, paths) are typed in monospace; their labels are not. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
