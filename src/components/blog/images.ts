/** Blog images: the placeholder for posts without a banner, and the banners' intrinsic size. */
export const BLOG_PLACEHOLDER = "/images/blog-placeholder.svg";
export const BANNER_SIZE = { width: 1200, height: 630 } as const;
