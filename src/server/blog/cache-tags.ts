/**
 * The CDN cache tags of the blog's public answers, in one place: every blog page, list and feed
 * carries BLOG_TAGS; a post's page and its API answer also carry the post's own tag. A change to a
 * post or its comments purges postTags(id).
 */
export const BLOG_TAGS = ["blog"];

export const postTags = (id: number) => [...BLOG_TAGS, `post-${id}`];
