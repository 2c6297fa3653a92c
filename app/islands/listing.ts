export function enhanceListing(): void {}
