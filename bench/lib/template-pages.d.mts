// Types of template-pages.mjs for the browser tests that use it (e2e/tests/template-journey.spec.ts).
export const TEMPLATE_KINDS: string[];
export function adminToken(url: string, tenant?: string, password?: string): Promise<string>;
export function createTemplatePages(
  url: string,
  options?: { kinds?: string[]; tenant?: string; password?: string },
): Promise<{ kind: string; campaign: string; form: string; thanks: string }[]>;
