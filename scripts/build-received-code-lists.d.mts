// Types of build-received-code-lists.mjs, for the test that checks the lists against the rules.
export function assertionsOf(syntax: "ubl" | "cii"): { id: string; test: string }[];
export function codeListsOf(syntax: "ubl" | "cii", id: string): string[][];
