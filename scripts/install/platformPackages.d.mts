// Types for platformPackages.mjs (plain JavaScript: it runs before TypeScript tools are installed).
export function platformPackageNames(platform?: string, arch?: string, libc?: 'gnu' | 'musl' | null): Record<string, string>;
export function platformPackages(lock: { packages: Record<string, { version?: string }> }, names?: Record<string, string>): string[];
export function installerGpuPackageNames(platform?: string, arch?: string): Record<string, string>;
