import { Link } from "react-router";
import type { ArticleCard as ArticleCardData } from "#core/views.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { formatDate } from "#core/i18n/format.ts";
import { ResponsiveImage } from "#app/components/responsive-image.tsx";

export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const { tl, language } = useShell();
  const Heading = `h${headingLevel}` as const;
  return (
    // A card listed from a fallback language (decision 0085) is in that language: marked so and named.
    <article className="card" lang={article.language?.code} dir={article.language?.dir}>
      {article.coverImage ? (
        <ResponsiveImage
          className="card__cover"
          image={article.coverImage}
          alt=""
          sizes="(min-width: 48rem) 22rem, 100vw"
        />
      ) : (
        article.cover && (
          <img
            className="card__cover"
            src={article.cover}
            alt=""
            width="1200"
            height="630"
            loading="lazy"
            decoding="async"
          />
        )
      )}
      <div className="card__body">
        <Heading className="card__title">
          <Link to={article.path}>{article.title}</Link>
        </Heading>
        <p className="card__summary">{article.summary}</p>
        {article.language && (
          <p className="card__language" lang={language.code} dir={language.dir}>
            {tl("ARTICLES:NOT_TRANSLATED")}{" "}
            <span lang={article.language.code} dir={article.language.dir}>
              {article.language.label}
            </span>
          </p>
        )}
        <p
          className="card__meta"
          lang={article.language ? language.code : undefined}
          dir={article.language ? language.dir : undefined}
        >
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, language.code)}</time>
          <span aria-hidden="true"> · </span>
          {tl("ARTICLES:READING_TIME", { minutes: article.readingMinutes })}
        </p>
      </div>
    </article>
  );
}
