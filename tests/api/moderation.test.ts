/**
 * Comment moderation through the endpoints: what is held, where a held comment is absent (the
 * public list, the post's comment count in the dashboard, the overview's published count) and
 * present (the queue), the three actions and what "spam" teaches, readers' reports, and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../src/server/platform/env";
import type { Db } from "../../src/server/platform/db/db";
import {
  adminPostsApi,
  commentQueueApi,
  moderateCommentApi,
  type QueueItem,
} from "../../src/shared/blog/admin-api";
import { HELD_MESSAGE } from "../../src/shared/blog/comments";
import {
  addCommentApi,
  getCommentsApi,
  reportCommentApi,
  type PublicComment,
} from "../../src/shared/blog/api";
import { overviewApi, type Overview } from "../../src/shared/audit/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { insertPost } from "../helpers/dashboard-fixtures";
import type { Caller } from "../helpers/staff-matrix";
import { clearOfWindowEdge } from "../helpers/rate-window";

let api: ApiHarness;
let db: Db;
let n = 0;
beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
});
afterAll(() => api.close());

/** A fresh visitor address each call (a new address is a new client for every per-address rule). */
const ip = () => `198.51.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

async function post(
  postId: number,
  fields: { name?: string; email?: string; comment?: string } = {},
  from = ip(),
) {
  const res = await api.call(addCommentApi, {
    body: {
      post_id: postId,
      name: fields.name ?? "Dana",
      email: fields.email ?? `dana-${++n}@visitor.example`,
      comment: fields.comment ?? "Useful, thanks.",
    },
    headers: { "x-nf-client-connection-ip": from },
  });
  return { status: res.status, body: (await res.json()) as { held?: boolean; comment?: PublicComment } };
}

const publicComments = async (postId: number) => {
  const res = await api.call(getCommentsApi, { params: { postId } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { comments: PublicComment[] }).comments;
};

const queue = async (as: Caller = "reader") => {
  const res = await api.call(commentQueueApi, { as });
  expect(res.status).toBe(200);
  return (await res.json()) as { items: QueueItem[]; total: number };
};

const moderate = (id: number, action: string, as: Caller = "admin") =>
  api.call(moderateCommentApi, { as, body: { id, action } });

const report = (id: number, from: string) =>
  api.call(reportCommentApi, { body: { id }, headers: { "x-nf-client-connection-ip": from } });

const idOf = async (postId: number, comment: string) => {
  const [row] = await db.query<{ id: number }>(
    "SELECT id FROM comments WHERE post_id = $1 AND comment = $2",
    [postId, comment],
  );
  if (!row) throw new Error(`No comment "${comment}" was stored on post ${postId}`);
  return row.id;
};

const commentCount = async (postId: number) => {
  const res = await api.call(adminPostsApi, { as: "reader" });
  const data = (await res.json()) as { posts: { id: number; commentCount: number }[] };
  return data.posts.find((p) => p.id === postId)?.commentCount;
};

describe("what is held", () => {
  it("an ordinary comment is published at once, as before", async () => {
    const postId = await insertPost(db);
    const r = await post(postId, { comment: "Clear write-up. See https://example.org/docs for more." });
    expect(r.status).toBe(201);
    expect(r.body.comment?.comment).toContain("https://example.org/docs");
    expect(r.body.held).toBeUndefined();
    expect((await publicComments(postId)).map((c) => c.comment)).toHaveLength(1);
  });

  it.each([
    ["two links", { comment: "Cheap deals at https://a.example and www.b.example today" }, "links"],
    ["a blocked word", { comment: "Best CASINO bonuses, come and play" }, "words"],
    ["a blocked word in the name", { name: "Online Betting Tips" }, "words"],
  ])("a comment with %s is held: 201 { held: true }", async (_label, fields, reason) => {
    const postId = await insertPost(db);
    const r = await post(postId, fields);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ held: true });
    expect(await publicComments(postId)).toEqual([]);
    expect(await commentCount(postId)).toBe(0);
    const item = (await queue()).items.find((i) => i.postId === postId);
    expect(item?.reasons).toContain(reason);
    expect(item?.status).toBe("held");
  });

  it("a word inside a longer word is not blocked ('occasional' is not 'casino')", async () => {
    const postId = await insertPost(db);
    expect((await post(postId, { comment: "An occasional outage is fine." })).body.held).toBeUndefined();
  });

  it("the queue shows the post, name, e-mail, the shortened address and why", async () => {
    const postId = await insertPost(db);
    await post(
      postId,
      { name: "Spammy", email: "spam@visitor.example", comment: "http://x.example http://y.example" },
      "203.0.113.77",
    );
    await post(postId, { comment: "casino night" }, "2001:db8:abcd:12:1:2:3:4");
    const items = (await queue()).items.filter((i) => i.postId === postId);
    expect(items).toHaveLength(2);
    // Newest first.
    expect(items[0]!.address).toBe("2001:db8:abcd::/48");
    expect(items[1]).toMatchObject({
      name: "Spammy",
      email: "spam@visitor.example",
      address: "203.0.113.0/24",
      reasons: ["links"],
    });
    expect(items[1]!.postTitle).toMatch(/Fixture post/);
    // No full address is stored anywhere on the comment.
    const raw = JSON.stringify(await db.query("SELECT * FROM comments WHERE post_id = $1", [postId]));
    expect(raw).not.toContain("203.0.113.77");
    expect(raw).not.toContain("2001:db8:abcd:12:");
  });

  it("hold-first-comments mode holds an e-mail with no published comment, then not after approval", async () => {
    process.env.COMMENT_HOLD_FIRST = "on";
    resetEnv();
    try {
      const postId = await insertPost(db);
      const email = `first-${++n}@visitor.example`;
      expect((await post(postId, { email, comment: "Hello there" })).body).toEqual({ held: true });
      const id = await idOf(postId, "Hello there");
      expect((await queue()).items.find((i) => i.id === id)?.reasons).toEqual(["first_comment"]);
      expect((await moderate(id, "approve")).status).toBe(200);
      expect(
        (await post(postId, { email: email.toUpperCase(), comment: "Me again" })).body.held,
      ).toBeUndefined();
    } finally {
      delete process.env.COMMENT_HOLD_FIRST;
      resetEnv();
    }
  });

  it("is off by default: a first comment is published", async () => {
    const postId = await insertPost(db);
    expect((await post(postId)).body.held).toBeUndefined();
  });

  it("the message the form shows is the issue's", () => {
    expect(HELD_MESSAGE).toBe("Thanks: your comment will appear once it has been reviewed.");
  });
});

describe("the three actions", () => {
  it("approve makes a held comment public and takes it out of the queue", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "Visit https://a.example and https://b.example" });
    const id = await idOf(postId, "Visit https://a.example and https://b.example");
    const before = (await queue()).total;
    const res = await moderate(id, "approve");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("published");
    expect((await publicComments(postId)).map((c) => c.id)).toEqual([id]);
    expect(await commentCount(postId)).toBe(1);
    expect((await queue()).items.some((i) => i.id === id)).toBe(false);
    expect((await queue()).total).toBe(before - 1);
    // A second decision on it is refused: it left the queue.
    expect((await moderate(id, "delete")).status).toBe(409);
  });

  it("spam keeps it hidden and holds the next comment from that e-mail, and from that address", async () => {
    const postId = await insertPost(db);
    const email = `seller-${++n}@visitor.example`;
    const from = ip();
    await post(postId, { email, comment: "casino casino" }, from);
    const id = await idOf(postId, "casino casino");
    expect((await moderate(id, "spam")).status).toBe(200);
    expect(await publicComments(postId)).toEqual([]);
    expect((await queue()).items.some((i) => i.id === id)).toBe(false);

    // The same e-mail from elsewhere, with an innocent text: held.
    expect((await post(postId, { email: ` ${email.toUpperCase()}`, comment: "Nice article" })).body).toEqual({
      held: true,
    });
    const again = (await queue()).items.find((i) => i.comment === "Nice article");
    expect(again?.reasons).toEqual(["spam_email"]);
    // Another e-mail from the same address: held too.
    expect((await post(postId, { comment: "Great read" }, from)).body).toEqual({ held: true });
    expect((await queue()).items.find((i) => i.comment === "Great read")?.reasons).toEqual(["spam_address"]);
    // Someone else is not affected.
    expect((await post(postId, { comment: "Thanks" })).body.held).toBeUndefined();
    // The e-mail is not kept in the clear in the spam list.
    const list = JSON.stringify(await db.query("SELECT * FROM comment_spam_senders"));
    expect(list).not.toContain("seller-");
  });

  it("delete removes it", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "www.a.example www.b.example" });
    const id = await idOf(postId, "www.a.example www.b.example");
    expect((await moderate(id, "delete")).status).toBe(200);
    expect(await db.query("SELECT 1 FROM comments WHERE id = $1", [id])).toEqual([]);
    expect((await moderate(id, "approve")).status).toBe(404);
  });

  it("is audited, without the commenter's e-mail", async () => {
    const postId = await insertPost(db);
    const sent = await post(postId, { email: "audit-me@visitor.example", comment: "casino royale" });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const id = await idOf(postId, "casino royale");
    expect((await moderate(id, "approve", "root_admin")).status).toBe(200);
    const [entry] = await db.query<{ action: string; actor_email: string; changes: unknown }>(
      "SELECT action, actor_email, changes FROM audit_log WHERE entity = 'comment' AND entity_id = $1",
      [String(id)],
    );
    expect(entry?.action).toBe("comment.approve");
    expect(entry?.actor_email).toBe(api.staff.users.root_admin.email);
    expect(JSON.stringify(entry?.changes)).toContain("published");
    expect(JSON.stringify(entry?.changes)).not.toContain("audit-me@");
  });

  it("roles: readers see the queue but get 403 on moderate-comment; visitors get 401", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "casino" });
    const id = await idOf(postId, "casino");
    expect((await queue("reader")).items.some((i) => i.id === id)).toBe(true);
    const res = await moderate(id, "approve", "reader");
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
    const anonymous = await api.call(moderateCommentApi, { body: { id, action: "approve" } });
    expect(anonymous.status).toBe(401);
    expect((await api.call(commentQueueApi)).status).toBe(401);
    expect((await queue()).items.find((i) => i.id === id)?.status).toBe("held");
  });

  it.each([
    [{ id: 1, action: "publish" }],
    [{ id: "x", action: "approve" }],
    [{ action: "approve" }],
    [{ id: -3, action: "spam" }],
  ])("bad input %j -> 400 with an error", async (body) => {
    const res = await api.call(moderateCommentApi, { as: "admin", body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });
});

describe("reports", () => {
  it("three reports from three addresses hide a comment until reviewed; two do not", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "Rude remark" });
    const id = await idOf(postId, "Rude remark");
    for (const from of [ip(), ip()]) expect((await report(id, from)).status).toBe(200);
    expect((await publicComments(postId)).map((c) => c.id)).toEqual([id]);
    // Reported but still public: in the queue, for a look.
    const item = (await queue()).items.find((i) => i.id === id);
    expect(item).toMatchObject({ status: "published", reports: 2 });

    expect((await report(id, ip())).status).toBe(200);
    expect(await publicComments(postId)).toEqual([]);
    expect(await commentCount(postId)).toBe(0);
    expect((await queue()).items.find((i) => i.id === id)).toMatchObject({
      status: "held",
      reports: 3,
      reasons: ["reports"],
    });
    // Approved: public again, reports cleared, out of the queue.
    expect((await moderate(id, "approve")).status).toBe(200);
    expect((await publicComments(postId)).map((c) => c.id)).toEqual([id]);
    expect((await queue()).items.some((i) => i.id === id)).toBe(false);
  });

  it("a comment staff approved stays public when reported again, and goes back to the queue for another look", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "Contested remark" });
    const id = await idOf(postId, "Contested remark");
    for (const from of [ip(), ip(), ip()]) expect((await report(id, from)).status).toBe(200);
    expect(await publicComments(postId)).toEqual([]);
    expect((await moderate(id, "approve")).status).toBe(200);

    for (const from of [ip(), ip(), ip(), ip()]) expect((await report(id, from)).status).toBe(200);
    expect((await publicComments(postId)).map((c) => c.id)).toEqual([id]);
    expect(await commentCount(postId)).toBe(1);
    expect((await queue()).items.find((i) => i.id === id)).toMatchObject({ status: "published", reports: 4 });
    // Approved once more: out of the queue, still public.
    expect((await moderate(id, "approve")).status).toBe(200);
    expect((await queue()).items.some((i) => i.id === id)).toBe(false);
    expect((await publicComments(postId)).map((c) => c.id)).toEqual([id]);
  });

  it("one address counts once, however often it reports (an IPv6 /64 is one address)", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "Hmm" });
    const id = await idOf(postId, "Hmm");
    for (const from of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:ffff::9", "2001:db8:5:6::1"])
      expect((await report(id, from)).status).toBe(200);
    expect((await publicComments(postId)).map((c) => c.id)).toEqual([id]);
    expect(
      (await db.query<{ report_count: number }>("SELECT report_count FROM comments WHERE id = $1", [id]))[0]!
        .report_count,
    ).toBe(1);
  });

  it("a report of a held comment changes nothing public; an unknown or malformed one is refused", async () => {
    const postId = await insertPost(db);
    await post(postId, { comment: "casino bonus" });
    const held = await idOf(postId, "casino bonus");
    for (let i = 0; i < 3; i++) expect((await report(held, ip())).status).toBe(200);
    expect((await queue()).items.find((i) => i.id === held)).toMatchObject({
      status: "held",
      reasons: ["words"],
    });
    expect(await publicComments(postId)).toEqual([]);
    expect((await report(999_999_999, ip())).status).toBe(404);
    for (const body of [{ id: "abc" }, {}, { id: 0 }]) {
      const res = await api.call(reportCommentApi, { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("is rate limited per address", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const postId = await insertPost(db);
      await post(postId, { comment: "Limit me" });
      const id = await idOf(postId, "Limit me");
      const from = ip();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await report(id, from)).status);
      expect(statuses.slice(0, 10).every((x) => x === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  });
});

describe("the overview", () => {
  it("counts comments waiting for review", async () => {
    const figures = async () => (await (await api.call(overviewApi, { as: "reader" })).json()) as Overview;
    const before = await figures();
    const postId = await insertPost(db);
    await post(postId, { comment: "http://a.example http://b.example" });
    await post(postId, { comment: "Fine comment" });
    const after = await figures();
    expect(after.commentsToReview).toBe(before.commentsToReview! + 1);
    expect(after.commentsToReview).toBe((await queue()).total);
    // Only the published one counts among the week's comments.
    expect(after.commentsLast7Days).toBe(before.commentsLast7Days! + 1);
  });
});
