-- A post's rendering, stored when the post is saved (src/server/blog/rendering.ts), so that
-- reading a post needs no Markdown renderer: its sanitised HTML, its table of contents and its
-- plain text (for excerpts, descriptions and the feed). NULL until the post is rendered: posts
-- saved before this migration are rendered by `npm run db:migrate` (and by the local server as
-- it starts); until then a page shows the source as escaped paragraphs.
ALTER TABLE posts
  ADD COLUMN rendered_html text,
  ADD COLUMN rendered_toc jsonb,
  ADD COLUMN plain_text text;
