import { PageHeader } from "@/components/page-header";
import { ARTICLES, FEATURED } from "@/features/blog/api/articles";
import { ArticleCard } from "@/features/blog/components/article-card";
import { NewsletterBox } from "@/features/blog/components/newsletter-box";

/** Blog (/blog): featured article, the other articles, newsletter box. */
export default function BlogPage() {
  const others = ARTICLES.filter((a) => a.slug !== FEATURED?.slug);
  return (
    <>
      <PageHeader
        title="Blog"
        description="Practical articles for poultry keepers: planning a first flock, reading droppings, winter care, hatching, mixed flocks and safe treats."
      />
      {FEATURED && <ArticleCard article={FEATURED} featured />}
      <section aria-labelledby="more-articles" className="mt-8">
        <h2 id="more-articles" className="text-xl font-bold text-stone-900">
          More articles
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {others.map((a) => (
            <ArticleCard key={a.slug} article={a} />
          ))}
        </div>
      </section>
      <NewsletterBox />
    </>
  );
}
