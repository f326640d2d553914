/**
 * Where a webhook may go (src/server/common/webhooks/destinations.ts, send.ts): deployed, only https to
 * public addresses, checked on every address a name resolves to and again as the socket connects;
 * never a redirect. Locally, http and loopback are allowed so that a receiver here can be tried.
 */
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDestination, isPublicAddress } from "../../src/server/common/webhooks/destinations";
import { postSigned, signedHeaders, firstBytes } from "../../src/server/common/webhooks/send";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

const resolving =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<LookupAddress[]> => {
    const list = table[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const deployed = {
  deployed: true,
  resolve: resolving({
    "crm.example": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "loopback.example": ["127.0.0.1"],
    "private.example": ["10.1.2.3"],
    "mixed.example": ["93.184.215.14", "192.168.1.20"],
    "metadata.example": ["169.254.169.254"],
    "mapped.example": ["::ffff:10.0.0.1"],
    "v6-local.example": ["fd00:ec2::254"],
  }),
};

const REFUSED = /points inside a private network/;

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.0.1",
    "169.254.169.254",
    "169.254.1.1",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.251",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    // The old IPv4-compatible form (::/96) and other addresses outside 2000::/3.
    "::127.0.0.1",
    "::7f00:1",
    "::8.8.8.8",
    "::a00:1",
    "100::1",
    "4000::1",
    "3fff::1",
    "2001:db8::1",
    "2001::1",
    "not an address",
  ])("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])(
    "allows %s",
    (ip) => expect(isPublicAddress(ip)).toBe(true),
  );
});

describe("IPv6 destinations", () => {
  it("are global unicast only: 2000::/3, never the IPv4-compatible form ::/96", async () => {
    for (const ip of ["::127.0.0.1", "::7f00:1", "::8.8.8.8", "100::1", "4000::1", "fe80::1%eth0"])
      expect(isPublicAddress(ip), ip).toBe(false);
    expect(isPublicAddress("2606:4700:4700::1111")).toBe(true);
    await expect(checkDestination("https://[::127.0.0.1]/hooks", deployed)).rejects.toThrow(REFUSED);
  });
});

describe("checkDestination when deployed", () => {
  it("allows https to a name whose every address is public", async () => {
    expect((await checkDestination("https://crm.example/hooks?x=1", deployed)).href).toBe(
      "https://crm.example/hooks?x=1",
    );
  });

  it.each([
    ["http://crm.example/hooks", /must start with https:\/\//],
    ["https://127.0.0.1/hooks", REFUSED],
    ["https://[::1]/hooks", REFUSED],
    ["https://[::ffff:127.0.0.1]/hooks", REFUSED],
    ["https://[::127.0.0.1]/hooks", REFUSED],
    ["https://[::7f00:1]/hooks", REFUSED],
    ["https://[fe80::1]/hooks", REFUSED],
    ["https://169.254.169.254/latest/meta-data", REFUSED],
    ["https://10.0.0.8/", REFUSED],
    ["https://loopback.example/", REFUSED],
    ["https://private.example/", REFUSED],
    ["https://mixed.example/", REFUSED],
    ["https://metadata.example/", REFUSED],
    ["https://mapped.example/", REFUSED],
    ["https://v6-local.example/", REFUSED],
    ["https://nowhere.example/", /could not be found/],
    ["https://user:pass@crm.example/", /user name and password/],
    ["not a url", /full address/],
  ])("refuses %s", async (url, message) => {
    await expect(checkDestination(url, deployed)).rejects.toThrow(message);
  });
});

describe("checkDestination locally", () => {
  it("allows http and loopback, so a receiver on this machine can be tried", async () => {
    await expect(
      checkDestination("http://127.0.0.1:9999/hooks", { deployed: false }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      checkDestination("http://localhost:9999/hooks", { deployed: false }),
    ).resolves.toBeInstanceOf(URL);
    await expect(checkDestination("ftp://127.0.0.1/", { deployed: false })).rejects.toThrow(
      /https:\/\/ or http/,
    );
  });
});

describe("sending", () => {
  let target: Receiver;
  let redirecting: Receiver;
  const secret = "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
  beforeAll(async () => {
    target = await startReceiver("/internal");
    redirecting = await startReceiver();
    target.secret = secret;
    redirecting.secret = secret;
  });
  afterAll(async () => {
    await target.close();
    await redirecting.close();
  });
  const send = (url: string, policy: Parameters<typeof postSigned>[3]) => {
    const body = JSON.stringify({
      type: "lead.created",
      timestamp: new Date().toISOString(),
      data: { id: 1 },
    });
    return postSigned(
      new URL(url),
      signedHeaders(secret, "msg_0123456789abcdef", new Date(), body),
      body,
      policy,
    );
  };

  it("never follows a redirect: a 3xx is a failed attempt and its target is never called", async () => {
    for (const location of ["http://169.254.169.254/latest/meta-data", target.url]) {
      redirecting.answer = { status: 302, body: "moved", headers: { location } };
      const r = await send(redirecting.url, { deployed: false });
      expect(r).toMatchObject({ ok: false, statusCode: 302, body: "moved" });
      expect(r.error).toMatch(/redirect, which is not followed/);
    }
    expect(redirecting.received).toHaveLength(2);
    expect(redirecting.received.every((x) => x.error === undefined)).toBe(true);
    expect(target.received).toHaveLength(0);
  });

  it("when deployed, refuses at connection time a name that now resolves to loopback (DNS rebinding)", async () => {
    const port = new URL(target.url).port;
    const r = await send(`http://rebound.example:${port}/internal`, {
      deployed: true,
      resolve: resolving({ "rebound.example": ["127.0.0.1"] }),
    });
    expect(r).toMatchObject({ ok: false, statusCode: null });
    expect(r.error).toMatch(/not public/);
    expect(target.received).toHaveLength(0);
    // The same call locally reaches it: the refusal above is the rule, not a broken socket.
    const local = await send(`http://rebound.example:${port}/internal`, {
      deployed: false,
      resolve: resolving({ "rebound.example": ["127.0.0.1"] }),
    });
    expect(local).toMatchObject({ ok: true, statusCode: 200 });
    expect(target.received).toHaveLength(1);
    expect(target.received[0]!.error).toBeUndefined();
  });

  it("gives up on a receiver that does not answer in time (10 s by default), as a failed attempt", async () => {
    target.answer = { status: 200, body: "late", delayMs: 1500 };
    const body = "{}";
    const r = await postSigned(
      new URL(target.url),
      signedHeaders(secret, "msg_0123456789abcdef", new Date(), body),
      body,
      { deployed: false },
      300,
    );
    expect(r).toMatchObject({ ok: false, statusCode: null, error: "No answer within 0.3 seconds." });
    expect(r.durationMs).toBeLessThan(1400);
    target.answer = { status: 200, body: "ok" };
  });

  it("keeps the first 1 kB of an answer, never cut inside a character", () => {
    const text = "é".repeat(1000);
    const kept = firstBytes(Buffer.from(text));
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(1024);
    expect(kept).toBe("é".repeat(512));
    expect(firstBytes(Buffer.from("a\u0000b"))).toBe("ab");
  });
});
