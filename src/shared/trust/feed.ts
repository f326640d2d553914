/** The RSS 2.0 feed of subprocessor changes (pure, so it is unit-tested). */

export interface FeedChange {
  id: number;
  action: "added" | "changed" | "removed";
  name: string;
  summary: string;
  at: string;
}

const esc = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

const VERB = { added: "Added", changed: "Changed", removed: "Removed" } as const;

export function subprocessorFeed(o: {
  base: string;
  company: string;
  page: string;
  changes: readonly FeedChange[];
}): string {
  const root = o.base.replace(/\/$/, "");
  const link = `${root}${o.page}`;
  const items = o.changes.map(
    (c) =>
      `<item><title>${esc(`${VERB[c.action]}: ${c.name}`)}</title><link>${esc(link)}#subs-title</link>` +
      `<guid isPermaLink="false">subprocessor-change-${c.id}</guid><pubDate>${new Date(c.at).toUTCString()}</pubDate>` +
      `<description>${esc(c.summary)}</description></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0"><channel>',
    `<title>${esc(`${o.company}: subprocessor changes`)}</title>`,
    `<link>${esc(link)}</link>`,
    `<description>${esc(`Each change to the subprocessors that touch ${o.company}'s clients' systems or data.`)}</description>`,
    ...(o.changes[0] ? [`<lastBuildDate>${new Date(o.changes[0].at).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "</channel></rss>",
    "",
  ].join("\n");
}
