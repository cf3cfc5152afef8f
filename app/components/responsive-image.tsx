import { ARTICLE_IMAGE_SIZES, srcset, type MediaRendition } from "#core/media-rules.ts";

interface ResponsiveImageProps {
  image: MediaRendition;
  alt: string;
  className?: string;
  sizes?: string;
  /** "eager" for an image above the fold (an article's cover), "lazy" below it. */
  loading?: "eager" | "lazy";
}

/** A library image: AVIF, then WebP, then the JPEG/PNG fallback, at its intrinsic size so nothing shifts while it loads. */
export function ResponsiveImage({
  image,
  alt,
  className,
  sizes = ARTICLE_IMAGE_SIZES,
  loading = "lazy",
}: ResponsiveImageProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcset(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(image.webp)} sizes={sizes} />
      <img
        className={className}
        src={image.fallback.url}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={loading === "eager" ? "high" : undefined}
      />
    </picture>
  );
}
