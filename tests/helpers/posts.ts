/** What a staff member types into the post editor, for tests that save posts through the use cases. */
import type { PostInput } from "../../src/shared/blog/post-schemas";

/** A valid post (Markdown, no slug, status or date chosen), with `over` on top. */
export const postInput = (over: Partial<PostInput> = {}): PostInput => ({
  title: "Zero trust for small offices",
  author: "Meera Iyer",
  category: "Networking",
  content: "## One\n\ntext",
  slug: undefined,
  status: undefined,
  publishAt: undefined,
  format: undefined,
  ...over,
});
