/**
 * Demo content for a new installation: posts over the six categories, job openings, FAQs (some
 * still unanswered) and the first root_admin. Production never seeds an account: there,
 * `npm run create-admin` makes the first one.
 */
import type { Db } from "./db";
import { log } from "./log";
import { hashPassword } from "./passwords";
import { SEED_FAQS, SEED_JOBS, SEED_POSTS } from "./seed-data";
import { avatarSvg, bannerSvg, svgToWebp } from "./seed-images";
import { newKey, type Storage } from "./storage";

/** The local demo login, stated in README.md. Used only on an empty embedded database. */
export const LOCAL_DEMO_ADMIN = { email: "admin@example.com", password: "demo-admin-password-2025" };

export interface SeedOptions {
  admin?: { email: string; password: string } | undefined;
  dataDir?: string;
  /** A fixed "now" for repeatable tests. */
  now?: Date;
  /**
   * Where to put the demo posts' banner and author images. Without it the posts have no images
   * (the pages show a placeholder), which keeps database-only tests fast.
   */
  storage?: Storage | undefined;
}

interface SeedImages {
  /** Storage keys per post, in SEED_POSTS order. */
  posts: { image1: string; image2: string }[];
  keys: string[];
}

/** Draws and stores a banner per demo post and an avatar per author. */
async function storeSeedImages(storage: Storage): Promise<SeedImages> {
  const keys: string[] = [];
  const put = async (svg: string) => {
    const key = newKey("public", "webp");
    await storage.put(key, await svgToWebp(svg), "image/webp");
    keys.push(key);
    return key;
  };
  try {
    const avatars = new Map<string, string>();
    const posts: SeedImages["posts"] = [];
    for (const [i, p] of SEED_POSTS.entries()) {
      let image1 = avatars.get(p.author);
      if (!image1) avatars.set(p.author, (image1 = await put(avatarSvg(p.author))));
      posts.push({ image1, image2: await put(bannerSvg(p.category, i)) });
    }
    return { posts, keys };
  } catch (err) {
    await removeKeys(storage, keys);
    throw err;
  }
}

async function removeKeys(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => {});
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const passwordHash = opts.admin ? await hashPassword(opts.admin.password) : undefined;
  // Images are drawn before the transaction (it should stay short) and only for an empty blog;
  // if the posts are not inserted after all, the stored images are removed again.
  const [{ n: existingPosts }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [
    { n: number },
  ];
  const images = opts.storage && existingPosts === 0 ? await storeSeedImages(opts.storage) : undefined;
  let imagesUsed = false;
  try {
    imagesUsed = (await seedRows(db, now, opts, passwordHash, images)) && images !== undefined;
  } finally {
    if (images && !imagesUsed && opts.storage) {
      log.warn("seed images not used; removing them");
      await removeKeys(opts.storage, images.keys);
    }
  }
}

async function seedRows(
  db: Db,
  now: Date,
  opts: SeedOptions,
  passwordHash: string | undefined,
  images: SeedImages | undefined,
): Promise<boolean> {
  /** Whether the demo posts were inserted (committed with the rest). */
  let postsInserted = false;
  await db.transaction(async (tx) => {
    if (opts.admin && passwordHash) {
      await tx.query(
        `INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'root_admin')
         ON CONFLICT (email) DO NOTHING`,
        [opts.admin.email.toLowerCase(), passwordHash],
      );
    }
    const [{ n: posts }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [
      { n: number },
    ];
    if (posts === 0) {
      for (const [i, p] of SEED_POSTS.entries()) {
        // Newest first in the array; spread a few days apart.
        const date = new Date(now.getTime() - (i * 4 + 1) * 86_400_000);
        const img = images?.posts[i];
        await tx.query(
          `INSERT INTO posts (title, author, date, content, category, image1, image2)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            p.title,
            p.author,
            date.toISOString(),
            p.content,
            p.category,
            img?.image1 ?? null,
            img?.image2 ?? null,
          ],
        );
      }
      postsInserted = true;
    }
    const [{ n: jobs }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs")) as [
      { n: number },
    ];
    if (jobs === 0) {
      for (const [i, j] of SEED_JOBS.entries()) {
        const date = new Date(now.getTime() - (i * 3 + 2) * 86_400_000);
        await tx.query(
          `INSERT INTO jobs (job_title, required_experience, skills, description, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5)`,
          [j.job_title, j.required_experience, j.skills, j.description, date.toISOString()],
        );
      }
    }
    const [{ n: faqs }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM faqs")) as [
      { n: number },
    ];
    if (faqs === 0) {
      for (const [i, f] of SEED_FAQS.entries()) {
        const date = new Date(now.getTime() - (SEED_FAQS.length - i) * 86_400_000);
        await tx.query(
          "INSERT INTO faqs (question, answer, created_at, answered_at) VALUES ($1, $2, $3, $4)",
          [f.question, f.answer, date.toISOString(), f.answer ? date.toISOString() : null],
        );
      }
    }
  });
  return postsInserted;
}
