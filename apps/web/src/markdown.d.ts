// Types for Markdown modules produced at build time by vite/markdown-plugin.ts (see its header comment).
declare module "*.md?html" {
  export const slug: string;
  export const frontmatter: Record<string, string | number | boolean>;
  export const html: string;
  export const headings: Array<{ depth: number; text: string; id: string }>;
  const doc: {
    slug: string;
    frontmatter: Record<string, string | number | boolean>;
    html: string;
    headings: Array<{ depth: number; text: string; id: string }>;
  };
  export default doc;
}

declare module "*.md?frontmatter" {
  const frontmatter: Record<string, string | number | boolean>;
  export default frontmatter;
}

declare module "virtual:content/*" {
  const docs: Array<{
    slug: string;
    frontmatter: Record<string, string | number | boolean>;
    html: string;
    headings: Array<{ depth: number; text: string; id: string }>;
  }>;
  export default docs;
}

declare module "virtual:content-meta/*" {
  const docs: Array<{
    slug: string;
    frontmatter: Record<string, string | number | boolean>;
    headings: Array<{ depth: number; text: string; id: string }>;
  }>;
  export default docs;
}
