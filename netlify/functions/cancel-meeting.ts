import type { Config } from "@netlify/functions";
import { cancelMeeting } from "../../src/server/contact/booking";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { endpoint } from "../../src/server/http/endpoint";
import { isNativeForm } from "../../src/server/http/request-checks";
import { seeOther } from "../../src/server/http/responses";
import { bookingFailed } from "../../src/server/http/booking-pages";
import { cancelMeetingApi } from "../../src/shared/booking/api";

/**
 * Cancels the call of the mail's token. The cancel page's form (posted by the browser itself)
 * goes on to its confirmation, or (moving the call) to the booking page again.
 */
export default endpoint(
  cancelMeetingApi,
  async ({ deps, req, body }) => {
    const { bookUrl } = await cancelMeeting(deps, body.token);
    if (isNativeForm(req)) {
      if (body.move === "1") return seeOther(new URL(bookUrl).pathname + new URL(bookUrl).search);
      return seeOther(
        `/meeting/cancel?cancelled=1&book=${encodeURIComponent(new URL(bookUrl).searchParams.get("token") ?? "")}`,
      );
    }
    return { cancelled: true as const };
  },
  { rateLimit: CLIENT_LIMITS.booking, nativeFormError: bookingFailed },
);

export const config: Config = {
  path: "/api/cancel-meeting",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
