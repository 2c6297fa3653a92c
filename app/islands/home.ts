export function enhanceHome(): void {}
