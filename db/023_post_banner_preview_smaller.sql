-- Banner previews are now at most 800 bytes (1,068 characters of base64), made at libwebp's
-- softest quality (src/server/blog/banner-preview.ts): the larger ones made before are cleared, and
-- the start-up and `npm run db:migrate` make them again from the stored banners
-- (previewMissingBanners), as for posts saved before previews existed.
UPDATE posts SET image2_preview = NULL WHERE length(image2_preview) > 1068;
