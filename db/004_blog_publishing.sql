-- Blog publishing: Markdown bodies, drafts and scheduled posts, readable addresses.
--
-- format: posts written before Markdown keep 'text' and render as plain text; new posts default
--   to 'markdown'.
-- status: 'draft' (never public) or 'published'; a published post whose date is still ahead is
--   scheduled, and becomes public at that date (stored in UTC like every timestamptz).
-- slug: the post's address, /blog/<slug>; lowercase words joined by hyphens, with at least one
--   letter so it can never be read as a post id. Addresses a post had before stay in post_slugs
--   and answer with a redirect.

ALTER TABLE posts ADD COLUMN format text NOT NULL DEFAULT 'text' CHECK (format IN ('text', 'markdown'));
ALTER TABLE posts ALTER COLUMN format SET DEFAULT 'markdown';

ALTER TABLE posts ADD COLUMN status text NOT NULL DEFAULT 'published'
  CHECK (status IN ('draft', 'published'));

ALTER TABLE posts ADD COLUMN slug text
  CHECK (length(slug) BETWEEN 1 AND 80 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND slug ~ '[a-z]');

-- A slug from a title, for rows written without one (existing posts, and any insert that does not
-- name a slug); the application makes its own, with accents folded, and checks it is free.
CREATE FUNCTION post_slug_base(title text, id integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s ~ '[a-z]' THEN s ELSE 'post-' || id END
    FROM (SELECT left(trim(BOTH '-' FROM regexp_replace(lower(title), '[^a-z0-9]+', '-', 'g')), 70) AS s) t
$$;

CREATE FUNCTION posts_fill_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
BEGIN
  IF NEW.slug IS NULL THEN
    base := trim(BOTH '-' FROM post_slug_base(NEW.title, NEW.id));
    IF EXISTS (SELECT 1 FROM posts WHERE slug = base) OR EXISTS (SELECT 1 FROM post_slugs WHERE slug = base) THEN
      NEW.slug := base || '-' || NEW.id;
    ELSE
      NEW.slug := base;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TABLE post_slugs (
  slug     text PRIMARY KEY,
  post_id  integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE
);
CREATE INDEX post_slugs_post_idx ON post_slugs (post_id);

WITH b AS (
  SELECT id, trim(BOTH '-' FROM post_slug_base(title, id)) AS base,
         row_number() OVER (PARTITION BY trim(BOTH '-' FROM post_slug_base(title, id)) ORDER BY id) AS n
    FROM posts
)
UPDATE posts p SET slug = CASE WHEN b.n = 1 THEN b.base ELSE b.base || '-' || p.id END
  FROM b WHERE b.id = p.id;

ALTER TABLE posts ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX posts_slug_idx ON posts (slug);

CREATE TRIGGER posts_fill_slug BEFORE INSERT ON posts FOR EACH ROW EXECUTE FUNCTION posts_fill_slug();

-- Public lists read only published posts up to now, newest first: they walk posts_date_idx
-- (001) from the top and skip the few drafts and scheduled posts they meet, stopping after one
-- page. No index of their own: a second (date, id) index would only cost writes.
