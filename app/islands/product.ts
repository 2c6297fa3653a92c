export function enhanceProduct(): void {}
