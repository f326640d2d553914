-- A small copy of a post's banner (WebP, base64, at most a few kB: src/server/blog/banner-preview.ts),
-- written into the blog's first card so the visitor sees the picture with the page's first paint,
-- before the full-size picture arrives. Made when the banner is saved; NULL until made (posts saved
-- before this column are done by the start-up and `npm run db:migrate`); '' when the stored banner
-- could not be read as a picture.
ALTER TABLE posts ADD COLUMN IF NOT EXISTS image2_preview text
  CHECK (image2_preview IS NULL OR length(image2_preview) <= 8192);
