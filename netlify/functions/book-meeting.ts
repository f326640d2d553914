import type { Config } from "@netlify/functions";
import { bookMeeting } from "../../src/server/contact/booking";
import { buyerInquiry } from "../../src/server/contact/booking-offer";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { endpoint } from "../../src/server/http/endpoint";
import { readAckToken } from "../../src/server/http/cookies";
import { isNativeForm } from "../../src/server/http/request-checks";
import { json, respond, seeOther } from "../../src/server/http/responses";
import { bookingFailed } from "../../src/server/http/booking-pages";
import { bookMeetingApi } from "../../src/shared/booking/api";

/**
 * Books a call: 201, or 200 when it is already this call, or 409 with fresh slots. The /book
 * page's forms (posted by the browser itself) go on to its confirmation (303).
 */
export default endpoint(
  bookMeetingApi,
  async ({ deps, req, body }) => {
    const inquiryId = await buyerInquiry(deps, { ackToken: readAckToken(req), token: body.token });
    const via = body.token ? "link" : "visit";
    const result = await bookMeeting(deps, { inquiryId, ...body, via });
    if (isNativeForm(req)) {
      const back = body.token ? `/book?token=${encodeURIComponent(body.token)}` : "/ack";
      return seeOther(
        `${back}${back.includes("?") ? "&" : "?"}${result.status === 409 ? "taken=1" : "booked=1"}`,
      );
    }
    if (result.status === 409) return json({ error: result.error, slots: result.slots }, { status: 409 });
    return respond(bookMeetingApi, { meeting: result.meeting }, { status: result.status });
  },
  { rateLimit: CLIENT_LIMITS.booking, nativeFormError: bookingFailed },
);

export const config: Config = {
  path: "/api/book-meeting",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
