import { Link, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { MarkdownContent } from "@/components/markdown-content";
import { PageMeta } from "@/lib/page-meta";
import { ARTICLES, useArticle } from "@/features/blog/api/articles";
import { LocalDate } from "@/components/local-date";
import { ArticleCard } from "@/features/blog/components/article-card";
import { NewsletterBox } from "@/features/blog/components/newsletter-box";

/** One blog article (/blog/:slug), rendered from Markdown at build time. */
export default function BlogArticlePage() {
  const { slug = "" } = useParams();
  const meta = ARTICLES.find((a) => a.slug === slug);
  const article = useArticle(slug);
  const pageMeta = (
    <PageMeta
      title={meta?.title ?? "Article not found"}
      description={meta?.description ?? "This blog article does not exist."}
    />
  );

  if (!meta || article.data === null) {
    return (
      <div className="py-10">
        {pageMeta}
        <h1 className="text-2xl font-extrabold">Article not found</h1>
        <p className="mt-2 text-stone-700">There is no article at this address.</p>
        <Link to="/blog" className="mt-4 inline-block text-blue-800 underline">
          See all articles
        </Link>
      </div>
    );
  }

  const related = ARTICLES.filter((a) => a.slug !== slug).slice(0, 2);
  return (
    <article>
      {pageMeta}
      <Link to="/blog" className="inline-flex items-center gap-1 text-sm text-blue-800 underline">
        <ArrowLeft size={16} aria-hidden /> All articles
      </Link>
      <header className="mt-3 mb-4 max-w-3xl">
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{meta.title}</h1>
        <p className="mt-2 text-sm text-stone-700">
          <LocalDate iso={meta.date} form="long" />
          {meta.readingMinutes ? ` · ${meta.readingMinutes} min read` : ""}
        </p>
        <p className="mt-2 text-lg text-stone-800">{meta.description}</p>
      </header>
      {article.data ? (
        <MarkdownContent html={article.data.html} />
      ) : article.isError ? (
        <p role="alert">This article could not be loaded. Check your connection and try again.</p>
      ) : (
        <p className="text-stone-700">Loading article…</p>
      )}
      <p className="mt-8 max-w-3xl rounded-lg bg-amber-100 p-3 text-sm text-amber-950">
        Educational information only, not veterinary advice. If a bird is ill or injured, contact a
        vet who treats poultry.
      </p>
      <NewsletterBox />
      {related.length > 0 && (
        <section aria-labelledby="related-title">
          <h2 id="related-title" className="text-xl font-bold text-stone-900">
            More from the blog
          </h2>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {related.map((a) => (
              <ArticleCard key={a.slug} article={a} />
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
