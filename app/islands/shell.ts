export function enhanceShell(): void {}
