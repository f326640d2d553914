/**
 * The signed links of a booked call's mails: the acknowledgement mail's link to book (/book?token=,
 * for 30 days) and the meeting mail's link to cancel or move the call (/meeting/cancel?token=, until
 * the call has ended). HS256 JWTs, each kind with its own audience and key.
 */
import { SignJWT, jwtVerify } from "jose";
import type { Deps } from "../common/deps";

const BOOK_AUDIENCE = "book";
const MEETING_AUDIENCE = "meeting";
/** How long the acknowledgement mail's booking link works. */
export const BOOK_LINK_DAYS = 30;

export type TokenDeps = Pick<Deps, "now" | "secret">;
const key = (deps: TokenDeps, use: string) => new TextEncoder().encode(`${use}:${deps.secret}`);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function sign(deps: TokenDeps, audience: string, claims: Record<string, number>, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(audience)
    .setIssuedAt(seconds(deps.now()))
    .setExpirationTime(exp)
    .sign(key(deps, audience));
}

async function verify(deps: TokenDeps, audience: string, token: string | undefined, claim: string) {
  if (!token || token.length > 1024) return undefined;
  try {
    const { payload } = await jwtVerify(token, key(deps, audience), {
      algorithms: ["HS256"],
      audience,
      currentDate: deps.now(),
    });
    const v = (payload as Record<string, unknown>)[claim];
    return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The acknowledgement mail's link to book (or book again) a call for this lead. */
export async function bookingToken(deps: TokenDeps, inquiryId: number): Promise<string> {
  return sign(deps, BOOK_AUDIENCE, { iid: inquiryId }, seconds(deps.now()) + BOOK_LINK_DAYS * 86_400);
}

export const bookUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/book?token=${encodeURIComponent(token)}`;

/** The meeting mail's link to cancel (or move) the call; it works until the call has ended. */
export async function meetingToken(deps: TokenDeps, meetingId: number, end: Date): Promise<string> {
  return sign(deps, MEETING_AUDIENCE, { mid: meetingId }, seconds(end));
}

export const cancelUrl = (siteUrl: string, token: string, move = false) =>
  `${siteUrl}/meeting/cancel?token=${encodeURIComponent(token)}${move ? "&move=1" : ""}`;

/** The lead a booking link names, or undefined when the link is not valid (any more). */
export const inquiryOfBookingToken = (deps: TokenDeps, token: string | undefined) =>
  verify(deps, BOOK_AUDIENCE, token, "iid");

/** The call a cancel link names, or undefined when the link is not valid (any more). */
export const meetingOfMeetingToken = (deps: TokenDeps, token: string | undefined) =>
  verify(deps, MEETING_AUDIENCE, token, "mid");
